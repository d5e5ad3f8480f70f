import { createElement, type ReactElement, type SVGProps } from "react";

type IconNode = ReadonlyArray<readonly [tag: string, attributes: Record<string, string>]>;
export type SvgIconProps = SVGProps<SVGSVGElement>;

/**
 * A lucide icon as plain SVG: the same element, attributes and `lucide lucide-<name>` classes
 * lucide-react renders, hidden from assistive technology unless given a label, without its
 * runtime. For icons in a page's first load (./first-load-icons.ts, ./spinner.tsx).
 */
export function svgIcon(name: string, node: IconNode): (props: SvgIconProps) => ReactElement {
  return function SvgIcon({ className, ...props }: SvgIconProps) {
    const labelled = Object.keys(props).some(
      (key) => key.startsWith("aria-") || key === "role" || key === "title",
    );
    return createElement(
      "svg",
      {
        xmlns: "http://www.w3.org/2000/svg",
        width: 24,
        height: 24,
        viewBox: "0 0 24 24",
        fill: "none",
        stroke: "currentColor",
        strokeWidth: 2,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        className: className ? `lucide lucide-${name} ${className}` : `lucide lucide-${name}`,
        ...(labelled ? {} : { "aria-hidden": "true" }),
        ...props,
      },
      node.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes })),
    );
  };
}
