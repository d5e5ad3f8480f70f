// Shared UI parts: every screen builds its markup from these, so that colours (app/globals.css
// tokens), dark theme, right-to-left, focus and labelling come with the part.
export { cn } from "@/lib/ui/cn";
export { Button, buttonVariants } from "./button";
export { IconButton } from "./icon-button";
export type { ButtonProps } from "./button";
export type { IconButtonProps } from "./icon-button";
export { Field, Input, Textarea, NativeSelect, useFieldControl } from "./field";
export { FieldFrame, controlClass, fieldDescribedBy } from "./field-frame";
export type { InputProps, TextareaProps, NativeSelectProps } from "./field";
export { Select } from "./select";
export type { SelectItem } from "./select";
export { Checkbox } from "./checkbox";
export type { CheckboxProps } from "./checkbox";
export { RadioCards } from "./radio-cards";
export type { RadioCardItem } from "./radio-cards";
export { Dialog, DialogClose, useReturnFocus } from "./dialog";
export { DialogButton } from "./dialog-button";
export { Drawer } from "./drawer";
export {
  DropdownMenu,
  DropdownMenuTrigger,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuCheckboxItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuGroup,
  menuItemClass,
} from "./dropdown-menu";
export { Popover, PopoverTrigger, PopoverContent } from "./popover";
export { Tooltip } from "./tooltip";
export { Card } from "./card";
export { Table, TableHead, TableBody, TableRow, TableCell, TableHeaderCell } from "./table";
export { EmptyState } from "./empty-state";
export { ListError, ListLoading } from "./list-states";
export { ProgressBar } from "./progress-bar";
export { Badge, IconBadge, toneClass } from "./icon-badge";
export type { Tone } from "./icon-badge";
export { CollapsibleSection } from "./collapsible-section";
export { Spinner } from "./spinner";
export { toast, ToastHost } from "./toaster";
export { useDirection } from "./use-direction";
export { PageHeader } from "./page-header";
export { SectionCard } from "./section-card";
export { PlaceholderCard } from "./placeholder-card";
