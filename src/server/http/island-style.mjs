/**
 * Astro writes the style of its island elements (`<style>astro-island,…{display:contents}</style>`) in the body, just
 * before the first island; the HTML standard allows `<style>` only in the head. This moves it there, unchanged (so a
 * hash of it stays valid). Used on every built page after the build and on server-rendered pages as they are sent.
 * @param {string} html
 * @returns {string}
 */
export function moveIslandStyleToHead(html) {
  const islandStyle = /<style>astro-island[^<]*<\/style>/g;
  const found = html.match(islandStyle);
  if (!found) return html;
  const bodyStart = html.indexOf('<body');
  const headEnd = html.indexOf('</head>');
  if (bodyStart < 0 || headEnd < 0 || headEnd > bodyStart) return html;
  const body = html.slice(bodyStart).replace(islandStyle, '');
  return `${html.slice(0, headEnd)}${found[0]}${html.slice(headEnd, bodyStart)}${body}`;
}
