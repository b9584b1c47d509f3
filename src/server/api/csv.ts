/**
 * CSV for spreadsheets: UTF-8 with a byte-order mark (so Excel reads accents right), CRLF rows, every cell quoted.
 * A cell that starts with = + - @ (or a tab or carriage return) is prefixed with ' so a spreadsheet shows it as
 * text instead of running it as a formula (OWASP "CSV injection").
 */
const formulaStart = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = formulaStart.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  return `\uFEFF${[header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
