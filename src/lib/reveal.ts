/**
 * Fades home sections in once, when 10% of each is visible. The CSS only hides them once this runs. A shown section is
 * marked by its data-reveal attribute, not a class this script alone names: the page's first-paint CSS keeps the rule
 * (src/build/page-css.mjs keeps attribute selectors), so revealing needs no late stylesheet.
 */
const threshold = 0.1;
const root = document.documentElement;
(window as Window & { __revealStarted?: boolean }).__revealStarted = true;

if (root.classList.contains('reveal-ready')) {
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        entry.target.setAttribute('data-reveal', 'shown');
        observer.unobserve(entry.target);
      }
    },
    { threshold },
  );
  document.querySelectorAll('[data-reveal]').forEach((section) => observer.observe(section));
}
export {};
