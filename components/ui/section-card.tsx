import { Card } from "./card";

/** A titled card section, as used by Settings and Profile (a Card with a required id and title). */
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
    <Card id={id} title={title} description={description}>
      {children}
    </Card>
  );
}
