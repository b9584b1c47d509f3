/**
 * Typed schema.org builders. Each returns a plain object that pages put in a <script type="application/ld+json">.
 * Return types come from schema-dts (the schema.org vocabulary as TypeScript), so `astro check` rejects a type or
 * property that schema.org does not define. Entities reference the business by @id so it is described once.
 */
import type {
  BlogPosting,
  BreadcrumbList,
  FAQPage,
  HowTo,
  ItemList,
  Offer,
  Person,
  Place,
  PriceSpecification,
  ProfessionalService,
  Review,
  Service,
  Thing,
  WebSite,
  WithContext,
} from 'schema-dts';
import { business, fullAddress } from '~/config/business';
import { settings } from '~/config/settings.mjs';
import { offerValidity, type PriceRange, serviceOffers, type ServiceOfferKey } from '~/config/pricing';
import type { Crumb } from './breadcrumbs';
import { absoluteUrl, defaultImage, socialImageFor } from './urls';

type Node<T> = Exclude<T, string>;
export type JsonLd = WithContext<Node<Thing>>;

const context = 'https://schema.org' as const;
export const businessId = () => absoluteUrl('/#business');
export const ownerId = () => absoluteUrl('/about#person');

function place(name: string): Node<Place> {
  return { '@type': name === business.address.countryName ? 'Country' : 'Place', name };
}

export function businessJsonLd(reviewCount: number): WithContext<Node<ProfessionalService>> {
  return {
    '@context': context,
    '@type': 'ProfessionalService',
    '@id': businessId(),
    name: business.name,
    legalName: business.legalName,
    description: business.tagline,
    url: absoluteUrl('/'),
    image: defaultImage().url,
    logo: absoluteUrl('/favicon.svg'),
    email: business.email,
    telephone: business.phone.e164,
    address: {
      '@type': 'PostalAddress',
      streetAddress: business.address.street,
      addressLocality: business.address.locality,
      addressRegion: business.address.region,
      postalCode: business.address.postcode,
      addressCountry: business.address.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: business.geo.latitude, longitude: business.geo.longitude },
    openingHoursSpecification: [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: [...business.structuredDataHours.dayOfWeek],
        opens: business.structuredDataHours.opens,
        closes: business.structuredDataHours.closes,
      },
    ],
    priceRange: business.priceRangeSymbol,
    currenciesAccepted: business.currency,
    areaServed: business.areaServed.map(place),
    foundingDate: String(business.foundingYear),
    founder: { '@id': ownerId() },
    numberOfEmployees: { '@type': 'QuantitativeValue', minValue: business.teamSize.min, maxValue: business.teamSize.max },
    sameAs: [business.social.linkedin, business.directory.url],
    ...(reviewCount > 0 && {
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: business.rating.value.toFixed(1),
        bestRating: business.rating.best,
        reviewCount,
      },
    }),
  };
}

export function personJsonLd(): WithContext<Node<Person>> {
  return {
    '@context': context,
    '@type': 'Person',
    '@id': ownerId(),
    name: business.owner.name,
    jobTitle: business.owner.title,
    worksFor: { '@id': businessId() },
    workLocation: { '@type': 'Place', name: fullAddress },
    hasCredential: business.owner.certifications.map((name) => ({
      '@type': 'EducationalOccupationalCredential',
      name,
      credentialCategory: 'certification',
    })),
    sameAs: [business.social.linkedin],
  };
}

export function websiteJsonLd(): WithContext<Node<WebSite>> {
  return {
    '@context': context,
    '@type': 'WebSite',
    '@id': absoluteUrl('/#website'),
    name: business.name,
    url: absoluteUrl('/'),
    inLanguage: 'en-GB',
    publisher: { '@id': businessId() },
  };
}

function priceSpecification(range: PriceRange): Node<PriceSpecification> {
  if (range.unit === 'free') {
    return { '@type': 'PriceSpecification', price: 0, priceCurrency: business.currency };
  }
  return {
    '@type': 'UnitPriceSpecification',
    minPrice: range.min,
    maxPrice: range.max,
    priceCurrency: business.currency,
    ...(range.unit === 'month'
      ? { unitText: 'per month', referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' } }
      : { unitText: 'per project' }),
  };
}

function offer(range: PriceRange, url: string): Node<Offer> {
  return {
    '@type': 'Offer',
    url,
    priceCurrency: business.currency,
    ...(range.unit === 'free' && { price: 0 }),
    priceSpecification: priceSpecification(range),
    availability: 'https://schema.org/InStock',
    ...offerValidity(new Date(), settings().offerValidYear),
    seller: { '@id': businessId() },
  };
}

export function serviceJsonLd(input: { key?: ServiceOfferKey; name: string; description: string; path: string }): WithContext<Node<Service>> {
  const offerData = input.key ? serviceOffers[input.key] : undefined;
  const url = absoluteUrl(input.path);
  return {
    '@context': context,
    '@type': 'Service',
    '@id': `${url}#service`,
    name: input.name,
    serviceType: offerData?.name ?? input.name,
    description: input.description,
    url,
    provider: { '@id': businessId() },
    areaServed: business.areaServed.map(place),
    ...(offerData && { offers: offer(offerData.range, url) }),
    ...(offerData &&
      offerData.items.length > 0 && {
        hasOfferCatalog: {
          '@type': 'OfferCatalog',
          name: offerData.name,
          itemListElement: offerData.items.map((item) => ({
            ...offer(item.range, url),
            itemOffered: { '@type': 'Service', name: item.name, provider: { '@id': businessId() } },
          })),
        },
      }),
  };
}

export function blogPostingJsonLd(input: {
  title: string;
  description: string;
  path: string;
  published: Date;
  updated: Date;
  keywords: string[];
  wordCount: number;
  /** The post's social card, when it is not the one built for its path. */
  image?: string;
}): WithContext<Node<BlogPosting>> {
  const url = absoluteUrl(input.path);
  return {
    '@context': context,
    '@type': 'BlogPosting',
    '@id': `${url}#post`,
    headline: input.title,
    description: input.description,
    url,
    mainEntityOfPage: url,
    datePublished: input.published.toISOString(),
    dateModified: input.updated.toISOString(),
    keywords: input.keywords.join(', '),
    wordCount: input.wordCount,
    inLanguage: 'en-GB',
    image: input.image ? absoluteUrl(input.image) : socialImageFor(input.path).url,
    author: { '@type': 'Person', '@id': ownerId(), name: business.owner.name, url: absoluteUrl('/about') },
    publisher: { '@id': businessId() },
  };
}

export function faqPageJsonLd(items: { question: string; answer: string }[]): WithContext<Node<FAQPage>> {
  return {
    '@context': context,
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

export function howToJsonLd(input: {
  name: string;
  description: string;
  totalTime: string;
  path: string;
  steps: { name: string; text: string }[];
}): WithContext<Node<HowTo>> {
  const url = absoluteUrl(input.path);
  return {
    '@context': context,
    '@type': 'HowTo',
    name: input.name,
    description: input.description,
    totalTime: input.totalTime,
    step: input.steps.map((step, index) => ({
      '@type': 'HowToStep',
      position: index + 1,
      name: step.name,
      text: step.text,
      url: `${url}#${howToStepAnchor(index)}`,
    })),
  };
}

export const howToStepAnchor = (index: number) => `step-${index + 1}`;

export function breadcrumbJsonLd(trail: Crumb[]): WithContext<Node<BreadcrumbList>> {
  return {
    '@context': context,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(crumb.path),
    })),
  };
}

export function reviewJsonLd(input: { author: string; organization?: string; rating: number; body: string; date: Date }): Node<Review> {
  return {
    '@type': 'Review',
    author: {
      '@type': 'Person',
      name: input.author,
      ...(input.organization && { affiliation: { '@type': 'Organization', name: input.organization } }),
    },
    reviewRating: { '@type': 'Rating', ratingValue: input.rating, bestRating: 5 },
    reviewBody: input.body,
    datePublished: input.date.toISOString().slice(0, 10),
    itemReviewed: { '@id': businessId() },
  };
}

/** Reviews attached to the business node the layout already describes (same @id, so parsers merge them). */
export function businessReviewsJsonLd(reviews: Node<Review>[]): WithContext<Node<ProfessionalService>> {
  return { '@context': context, '@type': 'ProfessionalService', '@id': businessId(), name: business.name, review: reviews };
}

export function itemListJsonLd(name: string, items: { name: string; path: string }[]): WithContext<Node<ItemList>> {
  return {
    '@context': context,
    '@type': 'ItemList',
    name,
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      url: absoluteUrl(item.path),
    })),
  };
}
