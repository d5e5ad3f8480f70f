import type { LucideIcon } from "lucide-react";
import { EmptyState } from "./empty-state";

/** Empty-state panel for the screens the spec leaves as placeholders. */
export function PlaceholderCard({
  icon,
  title,
  body,
}: {
  icon: LucideIcon;
  title: string;
  body: string;
}) {
  return <EmptyState icon={icon} title={title} description={body} />;
}
