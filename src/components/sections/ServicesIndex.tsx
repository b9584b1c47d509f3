import { LinkCard } from '~/components/ui/cards';
import { PageHero } from '~/components/ui/PageHero';

interface Group {
  title: string;
  cards: { href: string; name: string; summary: string }[];
}

export function ServicesIndex({ groups }: { groups: Group[] }) {
  return (
    <>
      <PageHero
        eyebrow="Services"
        title="SEO, web design and marketing services"
        lead="Choose a single service or combine them. Every engagement starts with a free consultation and a clear written proposal."
      />
      <div className="container-page space-y-14">
        {groups.map((group) => (
          <section key={group.title} aria-label={group.title}>
            <h2 className="text-2xl font-bold text-ink">{group.title}</h2>
            <div className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {group.cards.map((card) => (
                <LinkCard key={card.href} href={card.href} title={card.name} text={card.summary} />
              ))}
            </div>
          </section>
        ))}
      </div>
    </>
  );
}
