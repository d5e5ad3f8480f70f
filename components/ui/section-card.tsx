/** A titled card section, as used by Settings and Profile. */
export function SectionCard({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={`${id}-heading`} className="text-base font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      {description ? (
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{description}</p>
      ) : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
