import type { ClientDirective } from 'astro';

/**
 * client:interaction — hydrate an island on the first focus, pointer, touch or key event inside it. Until then the
 * server-rendered HTML works on its own (a form still posts), and no framework code is downloaded.
 */
const interaction: ClientDirective = (load, _options, el) => {
  const events = ['focusin', 'pointerdown', 'touchstart', 'keydown', 'mouseover'] as const;
  let started = false;
  const start = async () => {
    if (started) return;
    started = true;
    for (const type of events) el.removeEventListener(type, start);
    const hydrate = await load();
    await hydrate();
  };
  for (const type of events) el.addEventListener(type, start, { once: true, passive: true });
};

export default interaction;
