// @ts-check
// The folded text an enquiry is searched by: lower case, accents removed (NFD, combining marks dropped), so "zoe" finds
// "Zoë" on SQLite and PostgreSQL alike without extensions. Written with each enquiry and by the migration that added it.

/** @param {string} text */
export function foldForSearch(text) {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** @param {{ name: string, email: string, subject: string, message: string }} enquiry */
export function enquirySearchText({ name, email, subject, message }) {
  return foldForSearch([name, email, subject, message].join('\n'));
}
