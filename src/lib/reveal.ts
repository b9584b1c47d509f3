/** Fades home sections in once, when 10% of each is visible. The CSS only hides them once this runs. */
const threshold = 0.1;
const root = document.documentElement;
(window as Window & { __revealStarted?: boolean }).__revealStarted = true;

if (root.classList.contains('reveal-ready')) {
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        entry.target.classList.add('revealed');
        observer.unobserve(entry.target);
      }
    },
    { threshold },
  );
  document.querySelectorAll('[data-reveal]').forEach((section) => observer.observe(section));
}
export {};
