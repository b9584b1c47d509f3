/**
 * What the `type` query of /contact pre-selects. Kept apart from the validation rules so the few lines that apply a
 * preset before the form is hydrated do not pull in the validation library.
 */
export const requestTypes = ['general', 'audit', 'call', 'seo-checklist'] as const;
export type RequestType = (typeof requestTypes)[number];

export const requestTypeLabels: Record<RequestType, string> = {
  general: 'General enquiry',
  audit: 'Free SEO audit',
  call: 'Book a 15-minute call',
  'seo-checklist': 'Free SEO checklist (PDF)',
};

/** The label of a stored request type; an unknown one is shown as stored. */
export function requestLabel(type: string): string {
  return requestTypeLabels[type as RequestType] ?? type;
}

export const requestPresets: Record<Exclude<RequestType, 'general'>, { subject: string; message: string }> = {
  audit: {
    subject: 'Free SEO audit request',
    message: 'Hello, I would like a free SEO audit of my website. My website address is: ',
  },
  call: {
    subject: 'Book a 15-minute call',
    message: 'Hello, I would like to book a 15-minute call. Good days and times for me are: ',
  },
  'seo-checklist': {
    subject: 'Free SEO checklist (PDF)',
    message: 'Hello, please send me the free local SEO checklist (PDF).',
  },
};

export function parseRequestType(value: unknown): RequestType {
  return typeof value === 'string' && (requestTypes as readonly string[]).includes(value) ? (value as RequestType) : 'general';
}

const presetTexts = new Set(Object.values(requestPresets).flatMap((p) => [p.subject, p.message]));

/**
 * Selects a request type in a contact form and fills subject and message with its preset, without overwriting
 * anything the visitor has typed themselves.
 */
export function applyPreset(form: HTMLFormElement, type: RequestType): void {
  const select = form.elements.namedItem('type');
  if (select instanceof HTMLSelectElement) select.value = type;
  const preset = type === 'general' ? { subject: '', message: '' } : requestPresets[type];
  for (const name of ['subject', 'message'] as const) {
    const field = form.elements.namedItem(name);
    if ((field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && (field.value === '' || presetTexts.has(field.value))) {
      field.value = preset[name];
    }
  }
}
