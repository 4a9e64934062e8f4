/**
 * The parts of the shop's e-mails (react-email, decision 0027): one frame in the storefront's look — the gold word mark on
 * ink, the message on a cream card — and the parts the messages are made of. Arabic messages are right-to-left; codes,
 * order and tracking numbers, phones and addresses of e-mail stay left-to-right inside them (`Ltr`).
 * Every text arrives already in the message's language: these components only lay it out.
 */
import type { ReactNode } from 'react';
import { Body, Button, Column, Container, Head, Heading, Hr, Html, Img, Link, Preview, Row, Section, Text } from '@react-email/components';
import type { Locale } from '@attar/contract';

/** The storefront's colours (apps/web/src/app/globals.css). */
export const COLOURS = {
  ink: '#0d0b09',
  smoke: '#221d17',
  line: '#3d3329',
  gold: '#d4af6a',
  goldDeep: '#9c7636',
  cream: '#f4ede1',
  mist: '#c2b6a3',
  text: '#2a241d',
  muted: '#6b6052',
} as const;

const FONT_STACK = "'Cairo', 'Segoe UI', Tahoma, Arial, sans-serif";
const direction = (locale: Locale) => (locale === 'ar' ? 'rtl' : 'ltr');
const startSide = (locale: Locale) => (locale === 'ar' ? 'right' : 'left');
const endSide = (locale: Locale) => (locale === 'ar' ? 'left' : 'right');

/** A code, number, phone, e-mail address or link kept left-to-right in an Arabic sentence. */
export const Ltr = ({ children }: { children: ReactNode }) => <span dir="ltr">{children}</span>;

export type FrameProps = {
  locale: Locale;
  /** The line mail apps show after the subject. */
  preview: string;
  footer: string;
  /** Why the reader gets this e-mail, and any link out of it (the newsletter's unsubscribe). */
  reason: ReactNode;
  children: ReactNode;
};

export function Frame({ locale, preview, footer, reason, children }: FrameProps) {
  return (
    <Html lang={locale} dir={direction(locale)}>
      <Head>
        <meta name="color-scheme" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: COLOURS.ink, margin: 0, padding: '24px 0', fontFamily: FONT_STACK }}>
        <Container style={{ maxWidth: '600px', padding: '0 12px' }}>
          <Section style={{ padding: '8px 0 20px', textAlign: 'center' }}>
            <Text style={{ margin: 0, color: COLOURS.gold, fontSize: '22px', fontWeight: 600 }}>
              <span lang="en" style={{ letterSpacing: '0.35em' }}>
                ATTAR
              </span>{' '}
              <span lang="ar" style={{ fontWeight: 700 }}>
                عطّار
              </span>
            </Text>
          </Section>
          <Section
            dir={direction(locale)}
            style={{
              backgroundColor: COLOURS.cream,
              borderRadius: '16px',
              borderTop: `4px solid ${COLOURS.gold}`,
              padding: '28px 28px 20px',
              color: COLOURS.text,
              textAlign: startSide(locale),
            }}
          >
            {children}
          </Section>
          <Section style={{ padding: '20px 8px', textAlign: 'center' }}>
            <Text style={{ margin: '0 0 6px', color: COLOURS.gold, fontSize: '13px' }}>{footer}</Text>
            <Text style={{ margin: 0, color: COLOURS.mist, fontSize: '12px', lineHeight: '18px' }}>{reason}</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export const Title = ({ children }: { children: ReactNode }) => (
  <Heading as="h1" style={{ margin: '0 0 16px', fontSize: '22px', lineHeight: '30px', color: COLOURS.ink }}>
    {children}
  </Heading>
);

export const Subtitle = ({ children }: { children: ReactNode }) => (
  <Heading as="h2" style={{ margin: '20px 0 8px', fontSize: '15px', color: COLOURS.goldDeep }}>
    {children}
  </Heading>
);

export const Paragraph = ({ children, muted = false }: { children: ReactNode; muted?: boolean }) => (
  <Text style={{ margin: '0 0 12px', fontSize: '15px', lineHeight: '24px', color: muted ? COLOURS.muted : COLOURS.text }}>{children}</Text>
);

/** A one-time code, large and left-to-right whatever the language. */
export const CodeBox = ({ code }: { code: string }) => (
  <Text
    dir="ltr"
    style={{
      margin: '8px 0 16px',
      padding: '14px 0',
      textAlign: 'center',
      fontSize: '30px',
      fontWeight: 700,
      letterSpacing: '0.3em',
      color: COLOURS.ink,
      backgroundColor: '#ffffff',
      border: `1px solid ${COLOURS.gold}`,
      borderRadius: '12px',
    }}
  >
    {code}
  </Text>
);

/** The shop's gold button. */
export const Action = ({ href, children }: { href: string; children: ReactNode }) => (
  <Section style={{ margin: '8px 0 16px', textAlign: 'center' }}>
    <Button
      href={href}
      style={{
        backgroundColor: COLOURS.gold,
        color: COLOURS.ink,
        borderRadius: '999px',
        padding: '12px 24px',
        fontSize: '15px',
        fontWeight: 600,
        textDecoration: 'none',
      }}
    >
      {children}
    </Button>
  </Section>
);

export const Picture = ({ src, alt }: { src: string; alt: string }) => (
  <Img src={src} alt={alt} width="240" style={{ margin: '0 auto 16px', borderRadius: '12px', maxWidth: '100%' }} />
);

export const Divider = () => <Hr style={{ borderColor: '#e2d6c2', margin: '16px 0' }} />;

export const FooterLink = ({ href, children }: { href: string; children: ReactNode }) => (
  <Link href={href} style={{ color: COLOURS.gold, textDecoration: 'underline' }}>
    {children}
  </Link>
);

/** One row of a two-column list: a label at the start, its value at the end (order lines, amounts). */
export function LabelledRow({
  locale,
  label,
  value,
  strong = false,
}: {
  locale: Locale;
  label: ReactNode;
  value: ReactNode;
  strong?: boolean;
}) {
  const cell = { fontSize: strong ? '16px' : '14px', fontWeight: strong ? 700 : 400, color: COLOURS.text, padding: '4px 0' };
  return (
    <Row>
      <Column style={{ ...cell, textAlign: startSide(locale) }}>{label}</Column>
      <Column style={{ ...cell, textAlign: endSide(locale), whiteSpace: 'nowrap' }}>{value}</Column>
    </Row>
  );
}

/** A block written in another language than the message around it (the shop's bilingual e-mails). */
export const InLanguage = ({ locale, children }: { locale: Locale; children: ReactNode }) => (
  <Section lang={locale} dir={direction(locale)} style={{ textAlign: startSide(locale) }}>
    {children}
  </Section>
);

/** A block that reads in the direction of its own text (an address typed in Arabic, in an English e-mail too). */
export const OwnDirection = ({ dir, children }: { dir: 'ltr' | 'rtl'; children: ReactNode }) => (
  <Section dir={dir} style={{ textAlign: dir === 'rtl' ? 'right' : 'left' }}>
    {children}
  </Section>
);
