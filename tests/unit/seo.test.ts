import { describe, expect, it } from 'vitest';
import { business } from '../../src/config/business';
import { facts, fillFacts } from '../../src/config/facts';
import { loadSettings } from '../../src/config/settings.mjs';
import { describeRange, offerValidity, pricingPlans, serviceOffers } from '../../src/config/pricing';
import { pageTrail, projectTrail } from '../../src/seo/breadcrumbs';
import { pageTitle } from '../../src/seo/head';
import { breadcrumbJsonLd, businessJsonLd, faqPageJsonLd, howToJsonLd, serviceJsonLd } from '../../src/seo/jsonld';
import { sitemapPriority } from '../../src/seo/sitemap';
import { absoluteUrl } from '../../src/seo/urls';

describe('facts', () => {
  it('fills tokens from the config and refuses unknown ones', () => {
    expect(fillFacts('Call {{phone}} or e-mail {{ email }}')).toBe(`Call ${business.phone.display} or e-mail ${business.email}`);
    expect(fillFacts('From {{starterPrice}}')).toBe('From £750');
    expect(() => fillFacts('{{notAFact}}')).toThrow(/Unknown fact/);
  });

  it('derives figures from the pricing config', () => {
    expect(facts.maintenanceFrom).toBe('£99');
    expect(facts.sixMonthDiscount).toBe('15%');
    expect(facts.twelveMonthDiscount).toBe('25%');
    expect(facts.webDesignTypical).toBe('£2,000–£8,000');
  });
});

describe('pricing', () => {
  it('matches the pricing plans', () => {
    expect(pricingPlans.map((p) => [p.name, p.price, p.popular])).toEqual([
      ['Starter', 750, false],
      ['Professional', 1500, true],
      ['Enterprise', 3500, false],
    ]);
  });

  it('describes ranges in pounds', () => {
    expect(describeRange(serviceOffers['local-business'].range)).toBe('£300–£1,200 per month');
    expect(describeRange(serviceOffers.webdesign.range)).toBe('£800–£3,000 per project');
    expect(describeRange(serviceOffers.consultation.range)).toBe('Free 30-minute consultation');
  });

  describe('offer validity', () => {
    it('covers the current calendar year', () => {
      expect(offerValidity(new Date('2031-06-15T12:00:00Z'), undefined)).toEqual({ validFrom: '2031-01-01', validThrough: '2031-12-31' });
    });
    it('can be pinned with OFFER_VALID_YEAR', () => {
      const { offerValidYear } = loadSettings({ OFFER_VALID_YEAR: '2030' });
      expect(offerValidity(new Date('2031-06-15T12:00:00Z'), offerValidYear).validThrough).toBe('2030-12-31');
    });
  });
});

describe('head and sitemap rules', () => {
  it('brands titles only when they still fit in 60 characters', () => {
    expect(pageTitle('Blog')).toBe(`Blog | ${business.name}`);
    const long = 'A very long page title that is already close to the limit';
    expect(pageTitle(long)).toBe(long);
  });

  it('gives the sitemap priorities', () => {
    expect(sitemapPriority('/')).toBe('1.0');
    expect(sitemapPriority('/services/seo')).toBe('0.9');
    expect(sitemapPriority('/local-business')).toBe('0.9');
    expect(sitemapPriority('/blog/local-seo-mistakes')).toBe('0.7');
    expect(sitemapPriority('/about')).toBe('0.8');
  });
});

describe('breadcrumbs', () => {
  it('is Home then the page', () => {
    expect(pageTrail('About', '/about')).toEqual([
      { name: 'Home', path: '/' },
      { name: 'About', path: '/about' },
    ]);
  });
  it('puts projects under Projects, with a fallback label', () => {
    expect(projectTrail('Smart Tutors', '/project/smart-tutors').map((c) => c.name)).toEqual(['Home', 'Projects', 'Smart Tutors']);
    expect(projectTrail('  ', '/project/x').at(-1)?.name).toBe('Project Details');
    expect(projectTrail('Smart Tutors', '/project/smart-tutors')[1]?.path).toBe('/portfolio');
  });
  it('builds a BreadcrumbList with absolute URLs and positions', () => {
    const list = breadcrumbJsonLd(pageTrail('About', '/about')) as unknown as { itemListElement: { position: number; item: string }[] };
    expect(list.itemListElement.map((i) => [i.position, i.item])).toEqual([
      [1, absoluteUrl('/')],
      [2, absoluteUrl('/about')],
    ]);
  });
});

describe('structured data builders', () => {
  it('describes the business with weekday hours, ££, GBP and the rating', () => {
    const node = businessJsonLd(4) as unknown as Record<string, any>;
    expect(node['@type']).toBe('ProfessionalService');
    expect(node.priceRange).toBe('££');
    expect(node.currenciesAccepted).toBe('GBP');
    expect(node.openingHoursSpecification[0]).toMatchObject({
      opens: '09:00',
      closes: '18:00',
      dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
    });
    expect(node.aggregateRating).toMatchObject({ ratingValue: '5.0', bestRating: 5, reviewCount: 4 });
    expect(node.address.addressLocality).toBe('Hatfield');
    expect(node.geo).toMatchObject({ latitude: business.geo.latitude });
  });

  it('leaves out the rating when there are no reviews', () => {
    expect((businessJsonLd(0) as unknown as Record<string, unknown>).aggregateRating).toBeUndefined();
  });

  it('gives services a GBP price range valid this year, and sub-offers for local business', () => {
    const node = serviceJsonLd({ key: 'local-business', name: 'Local Business SEO', description: 'd', path: '/local-business' }) as unknown as Record<
      string,
      any
    >;
    const year = new Date().getFullYear();
    expect(node.offers.priceSpecification).toMatchObject({ minPrice: 300, maxPrice: 1200, priceCurrency: 'GBP' });
    expect(node.offers.validThrough).toBe(`${year}-12-31`);
    expect(node.hasOfferCatalog.itemListElement.map((o: any) => [o.priceSpecification.minPrice, o.priceSpecification.maxPrice])).toEqual([
      [200, 500],
      [150, 400],
      [300, 800],
    ]);
  });

  it('omits offers for services quoted individually', () => {
    const node = serviceJsonLd({ name: 'Digital Marketing', description: 'd', path: '/services/digital-marketing' }) as unknown as Record<string, unknown>;
    expect(node.offers).toBeUndefined();
  });

  it('builds FAQPage and HowTo nodes', () => {
    const faq = faqPageJsonLd([{ question: 'Q?', answer: 'A.' }]) as unknown as Record<string, any>;
    expect(faq.mainEntity[0]).toEqual({ '@type': 'Question', name: 'Q?', acceptedAnswer: { '@type': 'Answer', text: 'A.' } });
    const howTo = howToJsonLd({
      name: 'n',
      description: 'd',
      totalTime: 'P7D',
      path: '/seo-audit',
      steps: [
        { name: 'a', text: 'b' },
        { name: 'c', text: 'd' },
      ],
    }) as unknown as Record<string, any>;
    expect(howTo.step.map((s: any) => s.url)).toEqual([absoluteUrl('/seo-audit#step-1'), absoluteUrl('/seo-audit#step-2')]);
  });
});
