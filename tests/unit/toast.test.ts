// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { autoDismissMs, currentToast, dismiss, toast } from '../../src/lib/toast';

const region = () => document.getElementById('toast-region')!;
const card = () => region().querySelector<HTMLElement>('[data-toast-card]')!;
const polite = () => region().querySelector('[data-toast-polite]')!.textContent;
const assertive = () => region().querySelector('[data-toast-assertive]')!.textContent;

beforeEach(() => {
  dismiss();
  document.body.innerHTML = `<div id="toast-region">
    <div data-toast-polite role="status"></div><div data-toast-assertive role="alert"></div>
    <div data-toast-card hidden><p data-toast-title></p><p data-toast-description></p><button data-toast-close>×</button></div>
  </div>`;
});

describe('toasts', () => {
  it('shows and announces a toast', () => {
    toast({ title: 'Message sent!', description: 'Thanks.', variant: 'success' });
    expect(card().hidden).toBe(false);
    expect(card().dataset.toast).toBe('success');
    expect(card().querySelector('[data-toast-title]')!.textContent).toBe('Message sent!');
    expect(polite()).toBe('Message sent!. Thanks.');
    expect(assertive()).toBe('');
  });

  it('keeps one at a time: the newest replaces the older', () => {
    const first = toast({ title: 'First' });
    toast({ title: 'Second', variant: 'destructive' });
    expect(card().querySelector('[data-toast-title]')!.textContent).toBe('Second');
    expect(region().querySelectorAll('[data-toast-card]')).toHaveLength(1);
    expect(assertive()).toBe('Second.');
    // The older handle no longer affects what is shown.
    first.update({ title: 'Changed' });
    first.dismiss();
    expect(currentToast()?.title).toBe('Second');
    expect(card().hidden).toBe(false);
  });

  it('can be updated and dismissed', () => {
    const t = toast({ title: 'Sending' });
    t.update({ title: 'Sent', description: 'Done' });
    expect(card().querySelector('[data-toast-title]')!.textContent).toBe('Sent');
    expect(card().querySelector('[data-toast-description]')!.textContent).toBe('Done');
    t.dismiss();
    expect(currentToast()?.open).toBe(false);
    expect(card().hidden).toBe(true);
    expect(polite()).toBe('');
  });

  it('closes from its close button', () => {
    toast({ title: 'Hello' });
    card().querySelector<HTMLButtonElement>('[data-toast-close]')!.click();
    expect(card().hidden).toBe(true);
  });

  describe('by itself', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('closes after autoDismissMs, and an update does not cut a newer toast short', () => {
      expect(autoDismissMs).toBeGreaterThanOrEqual(5000);
      toast({ title: 'Hello' });
      vi.advanceTimersByTime(autoDismissMs - 1);
      expect(card().hidden).toBe(false);
      vi.advanceTimersByTime(1);
      expect(card().hidden).toBe(true);

      toast({ title: 'First' });
      vi.advanceTimersByTime(autoDismissMs - 100);
      toast({ title: 'Second' });
      vi.advanceTimersByTime(200);
      expect(card().hidden).toBe(false);
      expect(currentToast()?.title).toBe('Second');
    });

    it('an error stays until it is dismissed', () => {
      toast({ title: 'Not sent', variant: 'destructive' });
      vi.advanceTimersByTime(autoDismissMs * 10);
      expect(card().hidden).toBe(false);
      card().querySelector<HTMLButtonElement>('[data-toast-close]')!.click();
      expect(card().hidden).toBe(true);
    });
  });

  describe("in the owner's admin", () => {
    beforeEach(() => {
      region().setAttribute('data-toast-clears-on-action', '');
      document.body.insertAdjacentHTML('beforeend', '<form id="f"><button type="button" id="other">Other</button><p id="text">Text</p></form>');
    });

    it("the next action clears the earlier action's toast, errors too; a toast the action raises stays", () => {
      toast({ title: 'Copied!', variant: 'success' });
      document.getElementById('other')!.click();
      expect(card().hidden).toBe(true);

      toast({ title: 'Not deleted', variant: 'destructive' });
      document.getElementById('text')!.click();
      expect(card().hidden, 'a click on text is not an action').toBe(false);
      document.getElementById('f')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      expect(card().hidden).toBe(true);

      const button = document.getElementById('other')!;
      button.addEventListener('click', () => toast({ title: 'From this action' }), { once: true });
      button.click();
      expect(card().hidden).toBe(false);
      expect(currentToast()?.title).toBe('From this action');
    });

    it('on the public site the next action does not clear it', () => {
      region().removeAttribute('data-toast-clears-on-action');
      toast({ title: 'Message sent!' });
      document.getElementById('other')!.click();
      expect(card().hidden).toBe(false);
    });
  });
});
