// @ts-check
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

/**
 * A pre-rendered page's module scripts (the layout's entry: panel, reveal, beacon…) are fetched by the browser as
 * soon as the HTML arrives, in competition with the first paint, although none of them is needed for it. They are
 * swapped for a few lines that add each script a moment after the page has loaded and painted its first content (the
 * load event can come before the first paint, and the largest paint a little after it), or at the visitor's first
 * interaction if that comes sooner; a hidden tab, which paints nothing, gets them three seconds after load. A press
 * that needs the script before it has run is kept and replayed by it (src/lib/early-clicks.ts). Measured with Lighthouse (bench:lighthouse): LCP ÷ floor 1.79× → 1.48× on the home page.
 * With `lateStyle` (the shared stylesheet for what scripts add, page-css.mjs's lateCss), the loader adds that
 * stylesheet at the first interaction, or when a script is about to show something (src/lib/late-style.ts), never at
 * load: its arrival restyles the whole page and, in Lighthouse's model, counts as a late visual change.
 * @param {string} html
 * @param {string} [lateStyle] the late stylesheet's address
 * @returns {string}
 */
export function loadModuleScriptsAfterLoad(html, lateStyle) {
  return html.replace(/<script type="module" src="(\/_astro\/[^"<>]+\.js)"><\/script>/g, (_, src) => `<script>${deferredEntryScript(src, lateStyle)}</script>`);
}

/**
 * The inline script that adds the module script `src` after the first paint (loadModuleScriptsAfterLoad); the build
 * records its hash for every built script, as one the site emits (src/server/platform/http/csp.mjs). Several such
 * scripts on a page share one late stylesheet (data-late-style): window.__lateStyle() adds it once and returns its
 * link, marked data-late-style="failed" if it could not be had.
 * @param {string} src
 * @param {string} [lateStyle]
 * @returns {string}
 */
export function deferredEntryScript(src, lateStyle) {
  const late = lateStyle
    ? `function late(){var l=document.querySelector('link[data-late-style]');if(!l){l=document.createElement('link');l.rel='stylesheet';l.href=${JSON.stringify(lateStyle)};l.setAttribute('data-late-style','');` +
      `l.addEventListener('error',function(){l.setAttribute('data-late-style','failed')});document.head.appendChild(l)}return l}window.__lateStyle=late;`
    : '';
  return (
    `(function(src){${late}function add(){if(!src)return;var s=document.createElement('script');s.type='module';s.src=src;src=null;document.head.appendChild(s)}` +
    `function afterPaint(){setTimeout(add,3000);var P=window.PerformanceObserver;` +
    `if(!P||(P.supportedEntryTypes||[]).indexOf('paint')<0){setTimeout(add,300);return}` +
    `new P(function(list,observer){if(list.getEntriesByName('first-contentful-paint').length){observer.disconnect();setTimeout(add,300)}}).observe({type:'paint',buffered:true})}` +
    `if(document.readyState==='complete')afterPaint();else addEventListener('load',afterPaint,{once:true});` +
    // What a press brings up (a hydrated form's states, the panel) is styled by the late sheet: asked for at once.
    `['pointerdown','keydown','focusin','touchstart'].forEach(function(t){addEventListener(t,function(){${lateStyle ? 'late();' : ''}add()},{once:true,passive:true})})})(${JSON.stringify(src)})`
  );
}

/**
 * React writes `<!-- -->` between adjacent text parts ("Rated <!-- -->5.0<!-- --> out of") so that hydration can find
 * them again. Only islands are hydrated; everywhere else in a pre-rendered page they are bytes for nothing.
 * @param {string} html
 * @returns {string}
 */
export function dropStaticTextSeparators(html) {
  return html
    .split(/(<astro-island\b[\s\S]*?<\/astro-island>)/)
    .map((part) => (part.startsWith('<astro-island') ? part : part.replaceAll('<!-- -->', '')))
    .join('');
}

/** A page's inline classic scripts (no src, no type: not JSON-LD, not modules). */
const inlineScript = /<script>([\s\S]*?)<\/script>/g;

/**
 * Each inline script of the page swapped for its minified form where `minified` has one: the head script is written
 * readably (functions serialised with toString) and is on every page, so its spaces and long names cost every page.
 * The build minifies (esbuild) and records each script's minified form (dist/server/inline-scripts.json), so pages
 * rendered on demand get the same bytes without a minifier at run time. The CSP hashes are taken after this.
 * @param {string} html
 * @param {(source: string) => string | undefined} minified
 * @returns {string}
 */
export function minifyInlineScripts(html, minified) {
  return html.replace(inlineScript, (whole, source) => {
    const short = minified(source);
    return short === undefined ? whole : `<script>${short}</script>`;
  });
}
