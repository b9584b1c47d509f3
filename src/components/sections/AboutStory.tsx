import { business } from '~/config/business';
import { Section } from '~/components/ui/Section';

const principles = [
  { title: 'Plain English', text: 'You should understand what is being done to your website and why. Reports explain results, not jargon.' },
  { title: 'No lock-in', text: 'You own your website, content and accounts. If you leave, everything stays with you.' },
  { title: 'Speed and accessibility first', text: 'Fast, accessible websites serve every visitor better, and search engines reward them.' },
  { title: 'Honest forecasts', text: 'No guaranteed rankings, no vanity metrics. Targets are based on what the data says is achievable.' },
];

export function AboutStory() {
  return (
    <Section id="how-i-work" title="How I work" tone="muted">
      <div className="grid gap-10 lg:grid-cols-2">
        <div className="space-y-4 text-lg leading-relaxed text-slate-700">
          <p>
            Most small businesses do not need a large agency. They need someone who understands search, can build a website that works, and will tell them
            honestly what is worth doing with their budget.
          </p>
          <p>
            That is what {business.name} offers. You work directly with me from the first call, supported by a small team of trusted specialists for copywriting
            and development when a project needs them.
          </p>
          <p>I live and work in {business.address.locality}, and many clients are within a short drive, so meeting in person is always an option.</p>
        </div>
        <ul className="grid gap-4 sm:grid-cols-2">
          {principles.map((p) => (
            <li key={p.title} className="rounded-2xl bg-white p-5 shadow-sm">
              <h3 className="font-semibold text-ink">{p.title}</h3>
              <p className="mt-2 text-slate-700">{p.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}
