/** Contact form limits, shared by the browser form, the server and the privacy notice. */
export const contactLimits = {
  maxSubmissions: 3,
  windowMinutes: 10,
  fieldMax: { name: 100, email: 254, subject: 200, message: 2000 },
  fieldMin: { name: 2, subject: 5, message: 10 },
} as const;
