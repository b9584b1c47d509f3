import { business } from '~/config/business';
import { CtaButtons } from './CtaButtons';

interface Props {
  title?: string;
  text?: string;
}

export function CtaBand({
  title = 'Ready to be found by more of the right customers?',
  text = `Start with a free audit of your site. You will get a clear list of what is holding it back, with a reply within ${business.responseTimeHours} hours.`,
}: Props) {
  return (
    <section aria-label="Get started" className="container-page mt-20">
      <div className="rounded-2xl bg-gradient-to-br from-brand-700 to-brand-800 px-6 py-12 text-center sm:px-12">
        <h2 className="text-3xl font-bold text-white">{title}</h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">{text}</p>
        <CtaButtons tone="dark" className="mt-8 justify-center" />
      </div>
    </section>
  );
}
