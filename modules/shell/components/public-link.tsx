/**
 * A link on the prerendered public pages (/, /login, /register): a plain anchor, not next/link.
 * next/link would add ~4 KiB gz of client code to each public page's first load (and prefetch
 * while the page loads, which Lighthouse counts); each target is a static document, so a full
 * load costs its ~20 KiB of HTML and the already cached chunks. /app keeps next/link.
 */
export function PublicLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <a href={href} className={className}>
      {children}
    </a>
  );
}
