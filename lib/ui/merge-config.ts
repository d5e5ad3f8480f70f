import { fromTheme, validators, type Config } from "tailwind-merge";

/**
 * tailwind-merge's configuration cut down to the class groups this app's parts are overridden
 * in. The library's full default config describes every Tailwind utility and weighs ~6 KiB
 * gzipped on every signed-in page; the engine with this subset weighs ~2 KiB less than a third
 * of that. Each entry below is copied unchanged from tailwind-merge 3.7's `getDefaultConfig()`
 * (MIT), in the same order, so a class this config knows merges exactly as with `twMerge`.
 *
 * A class of a group not listed here is simply kept (never merged away). `tests/unit/cn.test.ts`
 * checks every pair of classes written anywhere in the source against the full `twMerge`: when
 * it fails, a new kind of override has appeared, and its group (named in the failure) belongs
 * here, copied from `node_modules/tailwind-merge/src/lib/default-config.ts`.
 */
const {
  isArbitraryFamilyName,
  isArbitraryLength,
  isArbitraryShadow,
  isArbitraryValue,
  isArbitraryVariable,
  isArbitraryVariableFamilyName,
  isArbitraryVariableLength,
  isArbitraryVariableShadow,
  isArbitraryVariableWeight,
  isArbitraryWeight,
  isFraction,
  isInteger,
  isNumber,
  isAny,
  isAnyNonArbitrary,
  isTshirtSize,
} = validators;

const themeColor = fromTheme("color");
const themeFont = fromTheme("font");
const themeText = fromTheme("text");
const themeFontWeight = fromTheme("font-weight");
const themeTracking = fromTheme("tracking");
const themeLeading = fromTheme("leading");
const themeBreakpoint = fromTheme("breakpoint");
const themeContainer = fromTheme("container");
const themeSpacing = fromTheme("spacing");
const themeRadius = fromTheme("radius");
const themeShadow = fromTheme("shadow");
const themeBlur = fromTheme("blur");
const themeAnimate = fromTheme("animate");

const scaleOverflow = () => ["auto", "hidden", "clip", "visible", "scroll"];
const scaleUnambiguousSpacing = () => [isArbitraryVariable, isArbitraryValue, themeSpacing];
const scaleInset = () => [isFraction, "full", "auto", ...scaleUnambiguousSpacing()];
const scaleGridTemplateColsRows = () => [
  isInteger,
  "none",
  "subgrid",
  isArbitraryVariable,
  isArbitraryValue,
];
const scaleGridColRowStartAndEnd = () => [
  "auto",
  { span: ["full", isInteger, isArbitraryVariable, isArbitraryValue] },
  isInteger,
  isArbitraryVariable,
  isArbitraryValue,
];
const scaleAlignPrimaryAxis = () => [
  "start",
  "end",
  "center",
  "between",
  "around",
  "evenly",
  "stretch",
  "baseline",
  "center-safe",
  "end-safe",
];
const scaleAlignSecondaryAxis = () => [
  "start",
  "end",
  "center",
  "stretch",
  "center-safe",
  "end-safe",
];
const scaleMargin = () => ["auto", ...scaleUnambiguousSpacing()];
const scaleSizing = () => [
  isFraction,
  "auto",
  "full",
  "dvw",
  "dvh",
  "lvw",
  "lvh",
  "svw",
  "svh",
  "min",
  "max",
  "fit",
  ...scaleUnambiguousSpacing(),
];
const scaleColor = () => [themeColor, isArbitraryVariable, isArbitraryValue];
const scaleRadius = () => ["", "none", "full", themeRadius, isArbitraryVariable, isArbitraryValue];
const scaleBorderWidth = () => ["", isNumber, isArbitraryVariableLength, isArbitraryLength];
const scaleLineStyle = () => ["solid", "dashed", "dotted", "double"];
const scaleBlur = () => ["", "none", themeBlur, isArbitraryVariable, isArbitraryValue];

export const mergeConfig = (): Config<string, string> => ({
  cacheSize: 500,
  theme: {
    animate: ["spin", "ping", "pulse", "bounce"],
    blur: [isTshirtSize],
    breakpoint: [isTshirtSize],
    color: [isAny],
    container: [isTshirtSize],
    font: [isAnyNonArbitrary],
    "font-weight": [
      "thin",
      "extralight",
      "light",
      "normal",
      "medium",
      "semibold",
      "bold",
      "extrabold",
      "black",
    ],
    leading: ["none", "tight", "snug", "normal", "relaxed", "loose"],
    radius: [isTshirtSize],
    shadow: [isTshirtSize],
    spacing: ["px", isNumber],
    text: [isTshirtSize],
    tracking: ["tighter", "tight", "normal", "wide", "wider", "widest"],
  },
  classGroups: {
    display: [
      "block",
      "inline-block",
      "inline",
      "flex",
      "inline-flex",
      "table",
      "inline-table",
      "table-caption",
      "table-cell",
      "table-column",
      "table-column-group",
      "table-footer-group",
      "table-header-group",
      "table-row-group",
      "table-row",
      "flow-root",
      "grid",
      "inline-grid",
      "contents",
      "list-item",
      "hidden",
    ],
    overflow: [{ overflow: scaleOverflow() }],
    "overflow-x": [{ "overflow-x": scaleOverflow() }],
    "overflow-y": [{ "overflow-y": scaleOverflow() }],
    position: ["static", "fixed", "absolute", "relative", "sticky"],
    inset: [{ inset: scaleInset() }],
    "inset-x": [{ "inset-x": scaleInset() }],
    "inset-y": [{ "inset-y": scaleInset() }],
    start: [{ "inset-s": scaleInset(), start: scaleInset() }],
    end: [{ "inset-e": scaleInset(), end: scaleInset() }],
    top: [{ top: scaleInset() }],
    visibility: ["visible", "invisible", "collapse"],
    z: [{ z: [isInteger, "auto", isArbitraryVariable, isArbitraryValue] }],
    basis: [{ basis: [isFraction, "full", "auto", themeContainer, ...scaleUnambiguousSpacing()] }],
    flex: [{ flex: [isNumber, isFraction, "auto", "initial", "none", isArbitraryValue] }],
    "flex-direction": [{ flex: ["row", "row-reverse", "col", "col-reverse"] }],
    shrink: [{ shrink: ["", isNumber, isArbitraryVariable, isArbitraryValue] }],
    order: [{ order: [isInteger, "first", "last", "none", isArbitraryVariable, isArbitraryValue] }],
    "grid-cols": [{ "grid-cols": scaleGridTemplateColsRows() }],
    "col-start-end": [{ col: scaleGridColRowStartAndEnd() }],
    gap: [{ gap: scaleUnambiguousSpacing() }],
    "gap-x": [{ "gap-x": scaleUnambiguousSpacing() }],
    "gap-y": [{ "gap-y": scaleUnambiguousSpacing() }],
    "justify-content": [{ justify: [...scaleAlignPrimaryAxis(), "normal"] }],
    "justify-items": [{ "justify-items": [...scaleAlignSecondaryAxis(), "normal"] }],
    "align-items": [{ items: [...scaleAlignSecondaryAxis(), { baseline: ["", "last"] }] }],
    p: [{ p: scaleUnambiguousSpacing() }],
    px: [{ px: scaleUnambiguousSpacing() }],
    py: [{ py: scaleUnambiguousSpacing() }],
    ps: [{ ps: scaleUnambiguousSpacing() }],
    pe: [{ pe: scaleUnambiguousSpacing() }],
    pt: [{ pt: scaleUnambiguousSpacing() }],
    pb: [{ pb: scaleUnambiguousSpacing() }],
    mx: [{ mx: scaleMargin() }],
    my: [{ my: scaleMargin() }],
    ms: [{ ms: scaleMargin() }],
    me: [{ me: scaleMargin() }],
    mt: [{ mt: scaleMargin() }],
    mb: [{ mb: scaleMargin() }],
    "space-y": [{ "space-y": scaleUnambiguousSpacing() }],
    size: [{ size: scaleSizing() }],
    w: [{ w: [themeContainer, "screen", ...scaleSizing()] }],
    "min-w": [{ "min-w": [themeContainer, "screen", "none", ...scaleSizing()] }],
    "max-w": [
      {
        "max-w": [
          themeContainer,
          "screen",
          "none",
          "prose",
          { screen: [themeBreakpoint] },
          ...scaleSizing(),
        ],
      },
    ],
    h: [{ h: ["screen", "lh", ...scaleSizing()] }],
    "min-h": [{ "min-h": ["screen", "lh", "none", ...scaleSizing()] }],
    "max-h": [{ "max-h": ["screen", "lh", "none", ...scaleSizing()] }],
    "font-size": [{ text: ["base", themeText, isArbitraryVariableLength, isArbitraryLength] }],
    "font-weight": [{ font: [themeFontWeight, isArbitraryVariableWeight, isArbitraryWeight] }],
    "font-family": [{ font: [isArbitraryVariableFamilyName, isArbitraryFamilyName, themeFont] }],
    tracking: [{ tracking: [themeTracking, isArbitraryVariable, isArbitraryValue] }],
    leading: [{ leading: ["none", themeLeading, ...scaleUnambiguousSpacing()] }],
    "list-style-type": [
      { list: ["disc", "decimal", "none", isArbitraryVariable, isArbitraryValue] },
    ],
    "text-alignment": [{ text: ["left", "center", "right", "justify", "start", "end"] }],
    "text-color": [{ text: scaleColor() }],
    "text-transform": ["uppercase", "lowercase", "capitalize", "normal-case"],
    whitespace: [
      { whitespace: ["normal", "nowrap", "pre", "pre-line", "pre-wrap", "break-spaces"] },
    ],
    break: [{ break: ["normal", "words", "all", "keep"] }],
    "bg-color": [{ bg: scaleColor() }],
    "gradient-from": [{ from: scaleColor() }],
    "gradient-to": [{ to: scaleColor() }],
    rounded: [{ rounded: scaleRadius() }],
    "rounded-t": [{ "rounded-t": scaleRadius() }],
    "border-w": [{ border: scaleBorderWidth() }],
    "border-w-y": [{ "border-y": scaleBorderWidth() }],
    "border-w-s": [{ "border-s": scaleBorderWidth() }],
    "border-w-e": [{ "border-e": scaleBorderWidth() }],
    "border-w-t": [{ "border-t": scaleBorderWidth() }],
    "border-w-b": [{ "border-b": scaleBorderWidth() }],
    "divide-y": [{ "divide-y": scaleBorderWidth() }],
    "border-style": [{ border: [...scaleLineStyle(), "hidden", "none"] }],
    "border-color": [{ border: scaleColor() }],
    "divide-color": [{ divide: scaleColor() }],
    shadow: [
      { shadow: ["", "inner", "none", themeShadow, isArbitraryVariableShadow, isArbitraryShadow] },
    ],
    "shadow-color": [{ shadow: scaleColor() }],
    "ring-w": [{ ring: scaleBorderWidth() }],
    "ring-w-inset": ["ring-inset"],
    "ring-color": [{ ring: scaleColor() }],
    opacity: [{ opacity: [isNumber, isArbitraryVariable, isArbitraryValue] }],
    blur: [{ blur: scaleBlur() }],
    "backdrop-blur": [{ "backdrop-blur": scaleBlur() }],
    "border-collapse": [{ border: ["collapse", "separate"] }],
    transition: [
      {
        transition: [
          "",
          "all",
          "colors",
          "opacity",
          "shadow",
          "transform",
          "none",
          isArbitraryVariable,
          isArbitraryValue,
        ],
      },
    ],
    duration: [{ duration: [isNumber, "initial", isArbitraryVariable, isArbitraryValue] }],
    animate: [{ animate: ["none", themeAnimate, isArbitraryVariable, isArbitraryValue] }],
    cursor: [
      {
        cursor: [
          "auto",
          "default",
          "pointer",
          "wait",
          "text",
          "move",
          "help",
          "not-allowed",
          "none",
          "context-menu",
          "progress",
          "cell",
          "crosshair",
          "vertical-text",
          "alias",
          "copy",
          "no-drop",
          "grab",
          "grabbing",
          "all-scroll",
          "col-resize",
          "row-resize",
          "n-resize",
          "e-resize",
          "s-resize",
          "w-resize",
          "ne-resize",
          "nw-resize",
          "se-resize",
          "sw-resize",
          "ew-resize",
          "ns-resize",
          "nesw-resize",
          "nwse-resize",
          "zoom-in",
          "zoom-out",
          isArbitraryVariable,
          isArbitraryValue,
        ],
      },
    ],
    "pointer-events": [{ "pointer-events": ["auto", "none"] }],
    resize: [{ resize: ["none", "", "y", "x"] }],
    fill: [{ fill: ["none", ...scaleColor()] }],
    stroke: [{ stroke: ["none", ...scaleColor()] }],
  },
  conflictingClassGroups: {
    overflow: ["overflow-x", "overflow-y"],
    inset: ["inset-x", "inset-y", "start", "end", "top"],
    "inset-x": ["start", "end"],
    "inset-y": ["top"],
    flex: ["basis", "shrink"],
    gap: ["gap-x", "gap-y"],
    p: ["px", "py", "ps", "pe", "pt", "pb"],
    px: ["ps", "pe"],
    py: ["pt", "pb"],
    mx: ["ms", "me"],
    my: ["mt", "mb"],
    size: ["w", "h"],
    "font-size": ["leading"],
    rounded: ["rounded-t"],
    "border-w": ["border-w-y", "border-w-s", "border-w-e", "border-w-t", "border-w-b"],
    "border-w-y": ["border-w-t", "border-w-b"],
  },
  conflictingClassGroupModifiers: { "font-size": ["leading"] },
  orderSensitiveModifiers: [
    "*",
    "**",
    "after",
    "backdrop",
    "before",
    "details-content",
    "file",
    "first-letter",
    "first-line",
    "marker",
    "placeholder",
    "selection",
  ],
});
