/**
 * Business facts: the one place the owner edits.
 *
 * Every value that the specification redacted ({name}, {email}, phone, address, profile links) is a clearly
 * fictional placeholder: example.* domains are reserved for documentation (RFC 2606), the phone number is in
 * Ofcom's range kept for drama, and AL10 0XX is not a delivered postcode. Replace them before going live.
 */
export const business = {
  name: 'Hale Digital',
  legalName: 'Hale Digital Ltd',
  owner: {
    name: 'Jordan Hale',
    title: 'SEO Specialist & Professional Web Designer',
    certifications: ['Google Analytics Certification', 'Google Ads Search Certification'],
    pillars: ['SEO Specialist', 'Web Design', 'User-Centered Design'],
  },
  tagline: 'SEO and web design for businesses in Hatfield and across Hertfordshire',
  email: 'hello@hale-digital.example',
  // Non-breaking spaces keep the number on one line.
  phone: { display: '07700\u00a0900\u00a0461', e164: '+447700900461' },
  address: {
    street: 'Studio 3, 27 Market Place',
    locality: 'Hatfield',
    region: 'Hertfordshire',
    postcode: 'AL10 0XX',
    country: 'GB',
    countryName: 'United Kingdom',
  },
  // Hatfield town centre; used for structured data and the map link.
  geo: { latitude: 51.7634, longitude: -0.2259 },
  hours: [
    { days: 'Monday to Friday', opens: '09:00', closes: '18:00' },
    { days: 'Saturday', opens: '10:00', closes: '16:00' },
    { days: 'Sunday', opens: null, closes: null },
  ],
  // Structured data lists weekday hours only, as the specification asks.
  structuredDataHours: { dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'], opens: '09:00', closes: '18:00' },
  responseTimeHours: 24,
  foundingYear: 2025,
  teamSize: { min: 2, max: 9 },
  priceRangeSymbol: '££',
  currency: 'GBP',
  areaServed: ['Hatfield', 'Welwyn Garden City', 'St Albans', 'Hertfordshire', 'North London', 'United Kingdom'],
  claims: {
    yearsInBusiness: '1+',
    projectsCompleted: '15+',
    satisfaction: '98%',
    averageTrafficIncrease: '300%',
  },
  rating: { value: 5.0, best: 5 },
  // Quoted by the privacy notice; the server's clean-up jobs use the same values.
  retention: { enquiryMonths: 24, securityLogDays: 30, analyticsRawDays: 30 },
  social: {
    linkedin: 'https://www.linkedin.com/in/jordan-hale-example',
  },
  directory: {
    name: 'Example Business Directory',
    url: 'https://directory.example/hale-digital',
  },
  // Shown in the footer until the owner replaces the sample case studies and reviews with their own.
  sampleContentNotice: 'Case studies, client names, reviews and results on this site are illustrative samples and will be replaced with verified client work.',
} as const;

export type Business = typeof business;

/** The contact e-mail as a mailto: link, used wherever the address is linked. */
export const mailtoHref = `mailto:${business.email}`;
export const telHref = `tel:${business.phone.e164}`;
export const fullAddress = [business.address.street, business.address.locality, business.address.region, business.address.postcode].join(', ');
export const mapUrl = `https://www.openstreetmap.org/?mlat=${business.geo.latitude}&mlon=${business.geo.longitude}#map=16/${business.geo.latitude}/${business.geo.longitude}`;
const { latitude: lat, longitude: lon } = business.geo;
/** Loaded only when the visitor asks for the map (no third-party request before that). */
export const mapEmbedUrl = `https://www.openstreetmap.org/export/embed.html?bbox=${lon - 0.012},${lat - 0.006},${lon + 0.012},${lat + 0.006}&layer=mapnik&marker=${lat},${lon}`;
/** Origins whose pages the site embeds in a frame (the map, on request): the CSP's frame-src. */
export const embeddedFrameOrigins = [new URL(mapEmbedUrl).origin];
