/** The AI generator's request, checked by the same rules in the tab and on the server. Kept apart from the other
 * admin forms so the sign-in page's script does not carry the price list. */
import { z } from 'zod';
import { aiContentTypes, aiLimits, aiMessages } from '~/config/ai';
import { serviceOfferKeys } from '~/config/pricing';

export const aiGenerateForm = z
  .object({
    prompt: z
      .string()
      .max(aiLimits.promptMaxChars, `The prompt is too long: at most ${aiLimits.promptMaxChars.toLocaleString('en-GB')} characters.`)
      .refine((prompt) => prompt.trim().length > 0, aiMessages.promptRequired.description),
    type: z.enum(aiContentTypes.map((t) => t.id) as [(typeof aiContentTypes)[number]['id'], ...(typeof aiContentTypes)[number]['id'][]]),
    service: z.enum(serviceOfferKeys).optional(),
  })
  .refine((input) => input.type !== 'service' || input.service !== undefined, { path: ['service'], message: 'Choose the service to describe.' });
