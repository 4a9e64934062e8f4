CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
--> statement-breakpoint
-- Search normalisation, one definition for documents and queries (docs/search.md):
-- lower case; Latin diacritics dropped; أ إ آ ٱ -> ا, ى -> ي, ة -> ه, ؤ -> و, ئ -> ي; tatweel and tashkeel removed;
-- Arabic-Indic digits read as ASCII; anything that is not a letter or digit separates words;
-- the Arabic definite article ال is dropped from words of three letters or more after it.
CREATE OR REPLACE FUNCTION attar_normalize(input text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
  SELECT btrim(regexp_replace(
    regexp_replace(
      regexp_replace(
        translate(lower(input), 'أإآٱىةؤئ٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹àáâãäåāăąÀÁÂÃÄÅĀĂĄçćčÇĆČèéêëēėęěÈÉÊËĒĖĘĚìíîïīÌÍÎÏĪñńÑŃòóôõöøōÒÓÔÕÖØŌùúûüūÙÚÛÜŪýÿÝšśŠŚžźżŽŹŻـ', 'اااايهوي01234567890123456789aaaaaaaaaaaaaaaaaacccccceeeeeeeeeeeeeeeeiiiiiiiiiinnnnoooooooooooooouuuuuuuuuuyyysssszzzzzz'),
        '[\u064B-\u065F\u0670]', '', 'g'),
      '[^a-z0-9\u0621-\u063A\u0641-\u064A]+', ' ', 'g'),
    '(^| )ال([^ ]{3,})', '\1\2', 'g'))
$fn$;
--> statement-breakpoint
-- The distinct normalised words of a text, for the products' search_words and name_words.
CREATE OR REPLACE FUNCTION attar_words(input text) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
  SELECT coalesce(array_agg(DISTINCT w ORDER BY w), '{}')
  FROM unnest(string_to_array(attar_normalize(input), ' ')) AS w
  WHERE w <> ''
$fn$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS search_terms_length_idx ON search_terms (length(term));
