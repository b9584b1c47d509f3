import { business, fullAddress, mailtoHref, mapUrl, telHref } from '~/config/business';
import { Icon, type IconName } from '~/components/ui/Icon';

function Card({ icon, title, children }: { icon: IconName; title: string; children: React.ReactNode }) {
  return (
    <li className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5">
      <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
        <Icon name={icon} />
      </span>
      <div>
        <h3 className="font-semibold text-ink">{title}</h3>
        <div className="mt-1 text-slate-700">{children}</div>
      </div>
    </li>
  );
}

/** Every way to reach the business; used on the home #contact section and the contact page. */
export function ContactDetails() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      <Card icon="mail" title="E-mail">
        {/* A narrow card breaks the address after the @ rather than mid-word (break-all split "hale-digit/al"). */}
        <a href={mailtoHref} className="link">
          {business.email.split('@')[0]}@<wbr />
          {business.email.split('@')[1]}
        </a>
      </Card>
      <Card icon="phone" title="Phone">
        <a href={telHref} className="link">
          {business.phone.display}
        </a>
      </Card>
      <Card icon="pin" title="Address">
        <address className="not-italic">{fullAddress}</address>
        <a href={mapUrl} className="link mt-1 inline-block text-sm" rel="noopener">
          Find me on the map
        </a>
      </Card>
      <Card icon="clock" title="Business hours">
        <ul className="text-sm">
          {business.hours.map((h) => (
            <li key={h.days}>
              {h.days}: {h.opens ? `${h.opens}–${h.closes}` : 'Closed'}
            </li>
          ))}
        </ul>
      </Card>
      <Card icon="external" title="LinkedIn">
        <a href={business.social.linkedin} className="link" rel="me noopener">
          {business.owner.name}
        </a>
      </Card>
      <Card icon="star" title="Directory listing">
        <a href={business.directory.url} className="link" rel="noopener">
          {business.directory.name}
        </a>
      </Card>
    </ul>
  );
}

const whyChoose = [
  { title: 'Local Expertise', text: `Based in ${business.address.locality}, with first-hand knowledge of ${business.address.region} towns and customers.` },
  { title: 'Proven Results', text: `${business.claims.averageTrafficIncrease} average organic traffic increase across client projects.` },
  { title: 'Fast Response', text: `A reply within ${business.responseTimeHours} hours on working days, from the person who will do the work.` },
];

export function WhyChoose() {
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {whyChoose.map((item) => (
        <li key={item.title} className="rounded-2xl bg-slate-50 p-6">
          <h3 className="font-semibold text-ink">{item.title}</h3>
          <p className="mt-2 text-slate-700">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}
