/**
 * The admin's one way to run a write that is not a checked form (issue 41): TanStack's `useMutation` around `post()`.
 * It is busy while the write is on its way; on success it refreshes the queries it names and says what it did (a
 * toast); a refusal's field messages go to `errors` when the spec says its form shows them, otherwise its words are
 * a toast titled with `failure`. The answer is typed as the endpoint's (`A`), so nothing is cast.
 *
 *   const remove = useAdminMutation<void>({ url: adminApi.lead(id), method: 'DELETE', failure: 'Not deleted',
 *     success: { title: 'Enquiry deleted' }, invalidates: [adminKeys.posts] });
 *   <Button disabled={remove.busy} onClick={() => void remove.run()}>
 */
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminRefusal, DoneAnswer } from '~/lib/admin-types';
import { toast } from '~/lib/toast';
import { post, type WriteMethod } from './post';

/** A refusal as the mutation's error: the endpoint's words and field messages, and its status (0 unreachable). */
export class AdminWriteRefused<R extends { ok: false } = never> extends Error {
  constructor(
    readonly refusal: AdminRefusal | R,
    readonly status: number,
  ) {
    super(refusalText(refusal as AdminRefusal));
  }
}

/** A refusal in words: its message, or its field messages together. */
export const refusalText = (refusal: AdminRefusal) => refusal.error ?? (refusal.errors ? Object.values(refusal.errors).join(' ') : '');

export interface AdminMutationSpec<V, A extends { ok: true }, R extends { ok: false } = never> {
  url: string | ((vars: V) => string);
  method?: WriteMethod | ((vars: V) => WriteMethod);
  /** What is sent (by default the variables themselves, or `{}`). */
  body?: (vars: V) => unknown;
  /** The queries the write changes, refreshed once it is done (awaited before `onSuccess`). */
  invalidates?: readonly QueryKey[] | ((answer: A, vars: V) => readonly QueryKey[]);
  /** The toast when done (none if not given). */
  success?: { title: string; description?: string } | ((answer: A, vars: V) => { title: string; description?: string });
  /** The refusal's toast title. */
  failure: string;
  /** The form shows field messages: a refusal that has them puts them in `errors` instead of a toast. */
  fieldErrors?: boolean;
  onSuccess?: (answer: A, vars: V) => void | Promise<void>;
  /** A refusal handled by the caller (then no toast); answer false to have it shown the usual way too. */
  onRefused?: (refused: AdminWriteRefused<R>, vars: V) => boolean | void;
}

export function useAdminMutation<V = void, A extends { ok: true } = DoneAnswer, R extends { ok: false } = never>(spec: AdminMutationSpec<V, A, R>) {
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useMutation<A, AdminWriteRefused<R>, V>({
    mutationFn: async (vars) => {
      const url = typeof spec.url === 'function' ? spec.url(vars) : spec.url;
      const sent = spec.body ? spec.body(vars) : (vars ?? {});
      const method = typeof spec.method === 'function' ? spec.method(vars) : spec.method;
      const { status, body } = await post<A, R>(url, sent, method);
      if (!body.ok) throw new AdminWriteRefused<R>(body, status);
      return body as A;
    },
    onMutate: () => setErrors({}),
    onSuccess: async (answer, vars) => {
      const keys = typeof spec.invalidates === 'function' ? spec.invalidates(answer, vars) : (spec.invalidates ?? []);
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      const said = typeof spec.success === 'function' ? spec.success(answer, vars) : spec.success;
      if (said) toast({ ...said, variant: 'success' });
      await spec.onSuccess?.(answer, vars);
    },
    onError: (refused, vars) => {
      if (spec.onRefused?.(refused, vars) === true) return;
      const refusal = refused.refusal as AdminRefusal;
      if (spec.fieldErrors && refusal.errors) return setErrors(refusal.errors);
      toast({ title: spec.failure, description: refused.message, variant: 'destructive' });
    },
  });

  return {
    /** Sends the write; resolves to the answer, or null when it was refused (already shown). */
    run: (vars: V) => mutation.mutateAsync(vars).catch(() => null),
    busy: mutation.isPending,
    errors,
    setErrors,
  };
}
