/**
 * A CSV the site wrote, read as a spreadsheet reads it, by a well-kept parser (csv-parse) rather than a copy of the
 * site's own rules: the BOM dropped, quoted cells, doubled quotes, CRLF rows.
 */
import { parse } from 'csv-parse/sync';

export const readCsv = (text: string): string[][] => parse(text, { bom: true, relax_column_count: true });
