/**
 * Contact form limits, shared by the browser form, the server and the privacy notice. The limit is per address and
 * e-mail address, so several people behind one address (an office, a mobile network) each get through; an address
 * as a whole has a higher cap, so a flood is still refused.
 */
export const contactLimits = {
  /** Enquiries one sender (address and e-mail address together) may send in the window. */
  maxSubmissions: 3,
  /** Enquiries one address may send in the window, whoever sends them. */
  maxPerAddress: 10,
  windowMinutes: 10,
  fieldMax: { name: 100, email: 254, subject: 200, message: 2000 },
  fieldMin: { name: 2, subject: 5, message: 10 },
} as const;
