import { cn } from "@/lib/ui/cn";

/**
 * A bordered panel. With a `title` it is a labelled section (the title is an h2 unless
 * `headingLevel` says otherwise) with optional `actions` at the end of the header.
 */
export function Card({
  title,
  description,
  actions,
  headingLevel = 2,
  id,
  className,
  children,
}: {
  title?: React.ReactNode;
  description?: React.ReactNode;
  actions?: React.ReactNode;
  headingLevel?: 2 | 3 | 4;
  id?: string;
  className?: string;
  children: React.ReactNode;
}) {
  const Heading = `h${headingLevel}` as const;
  const headingId = id ? `${id}-heading` : undefined;
  const Tag = title ? "section" : "div";
  return (
    <Tag
      id={id}
      aria-labelledby={title ? headingId : undefined}
      className={cn("rounded-xl border border-line bg-surface p-5 text-fg shadow-sm", className)}
    >
      {title || actions ? (
        <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            {title ? (
              <Heading id={headingId} className="text-base font-semibold text-fg">
                {title}
              </Heading>
            ) : null}
            {description ? <p className="mt-1 text-sm text-fg-muted">{description}</p> : null}
          </div>
          {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
        </div>
      ) : null}
      {children}
    </Tag>
  );
}
