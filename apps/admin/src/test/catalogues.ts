/** Tests read both languages' texts without a browser to fetch them: both catalogues are given as they are. */
import { addCatalogue } from '../lib/translate';
import { ar } from '../messages/ar';
import { en } from '../messages/en';

addCatalogue('en', en);
addCatalogue('ar', ar);
