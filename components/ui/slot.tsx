import { cloneElement, isValidElement, type ReactNode, type Ref } from "react";

// Button's `asChild`: the child element gets the button's props, merged the way Radix Slot merges
// them (the child's props win, except that both handlers run, child first; class names join;
// styles merge; both refs are set). Radix Slot and its ref helpers were in the first load of
// every signed-in page for this alone.

type Props = Record<string, unknown> & { children?: ReactNode; ref?: Ref<HTMLElement> };

function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === "function") ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}

export function mergeSlotProps(slot: Record<string, unknown>, child: Record<string, unknown>) {
  const merged: Record<string, unknown> = { ...slot, ...child };
  for (const key of Object.keys(child)) {
    const ours = slot[key];
    const theirs = child[key];
    if (/^on[A-Z]/.test(key) && typeof ours === "function" && typeof theirs === "function") {
      merged[key] = (...args: unknown[]) => {
        const result = theirs(...args);
        ours(...args);
        return result;
      };
    } else if (key === "style") {
      merged.style = { ...(ours as object), ...(theirs as object) };
    } else if (key === "className") {
      merged.className = [ours, theirs].filter(Boolean).join(" ");
    }
  }
  return merged;
}

export function Slot({ children, ref, ...props }: Props) {
  if (!isValidElement<Record<string, unknown>>(children)) return null;
  const childRef = children.props.ref as Ref<HTMLElement> | undefined;
  return cloneElement(children, {
    ...mergeSlotProps(props, children.props),
    ref:
      ref || childRef
        ? (node: HTMLElement | null) => {
            setRef(ref, node);
            setRef(childRef, node);
          }
        : undefined,
  });
}
