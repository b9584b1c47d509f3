// @vitest-environment happy-dom
import { act, createElement, type SubmitEvent } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminApi } from '../../src/config/admin';
import { post, unreachableMessage } from '../../src/components/admin/data/post';
import { useAdminForm } from '../../src/components/admin/data/use-admin-form';
import { passwordOnlyForm } from '../../src/lib/admin-forms';
import type { BackupCodesAnswer } from '../../src/lib/admin-types';

// The admin's writes: post<Answer>() and the useAdminForm hook its forms are built on. The server is the browser's
// fetch, answered here as the endpoints answer.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('post<Answer>()', () => {
  it('sends JSON with the method, and gives the answer with its status', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { ok: true, backupCodes: ['ABCDE-FGHJK'] }));
    const { status, body } = await post<BackupCodesAnswer>(adminApi.twoFactor.backupCodes, { password: 'secret' });
    expect(status).toBe(200);
    expect(body).toEqual({ ok: true, backupCodes: ['ABCDE-FGHJK'] });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(adminApi.twoFactor.backupCodes);
    expect(init).toMatchObject({ method: 'POST', body: '{"password":"secret"}', credentials: 'same-origin' });
    expect(new Headers(init!.headers).get('Content-Type')).toBe('application/json');
  });

  it('gives a refusal with its words and field messages', async () => {
    fetchMock.mockResolvedValueOnce(json(400, { ok: false, errors: { password: 'That password is not right.' } }));
    expect(await post(adminApi.password, {}, 'PUT')).toEqual({ status: 400, body: { ok: false, errors: { password: 'That password is not right.' } } });
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: 'PUT' });
  });

  it('reads an answer that is not JSON as a refusal without words', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<h1>Bad gateway</h1>', { status: 502 }));
    expect(await post(adminApi.sessions)).toEqual({ status: 502, body: { ok: false } });
  });

  it('reads a server that cannot be reached as status 0', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await post(adminApi.sessions)).toEqual({ status: 0, body: { ok: false, error: unreachableMessage } });
  });
});

describe('useAdminForm', () => {
  let root: Root;
  let container: HTMLElement;
  const done = vi.fn();

  /** A one-field form as the Settings cards build them. */
  function PasswordForm() {
    const form = useAdminForm();
    const submit = (event: SubmitEvent<HTMLFormElement>) =>
      form.submit(event, {
        schema: passwordOnlyForm,
        url: adminApi.twoFactor.disable,
        onSuccess: (answer: { ok: true }, element) => {
          done(answer);
          element.reset();
        },
      });
    return createElement(
      'form',
      { onSubmit: submit, 'data-busy': form.busy ? 'yes' : 'no' },
      createElement('input', { name: 'password', defaultValue: '' }),
      createElement('p', { 'data-error': '' }, form.errors.password ?? ''),
      createElement('p', { 'data-message': '' }, form.message?.text ?? ''),
    );
  }

  beforeEach(async () => {
    done.mockReset();
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    await act(async () => root.render(createElement(PasswordForm)));
  });
  afterEach(async () => {
    await act(async () => root.unmount());
    container.remove();
  });

  const formEl = () => container.querySelector('form')!;
  const text = (selector: string) => container.querySelector(selector)!.textContent;
  async function submitWith(password: string) {
    container.querySelector('input')!.value = password;
    await act(async () => {
      formEl().dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
  }

  it("shows the schema's message on the field and sends nothing", async () => {
    await submitWith('');
    expect(text('[data-error]')).toBe('Enter your password.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends what the schema gave, is busy until the answer, then hands the answer on', async () => {
    let answer!: (response: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    await submitWith('a long passphrase');
    expect(formEl().dataset.busy).toBe('yes');
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({ body: '{"password":"a long passphrase"}' });
    await act(async () => answer(json(200, { ok: true })));
    expect(formEl().dataset.busy).toBe('no');
    expect(done).toHaveBeenCalledWith({ ok: true });
    expect(container.querySelector('input')!.value).toBe('');
  });

  it("puts a refusal's field messages on the fields, and its words in the message", async () => {
    fetchMock.mockResolvedValueOnce(json(400, { ok: false, errors: { password: 'That password is not right.' } }));
    await submitWith('a wrong passphrase');
    expect(text('[data-error]')).toBe('That password is not right.');
    fetchMock.mockResolvedValueOnce(json(429, { ok: false, error: 'Too many wrong passwords.' }));
    await submitWith('a wrong passphrase');
    expect(text('[data-error]')).toBe('');
    expect(text('[data-message]')).toBe('Too many wrong passwords.');
    expect(done).not.toHaveBeenCalled();
  });
});
