// The <svg> element lucide draws its icons in, for the plain-SVG icons of the sign-in screen
// (./icons.tsx) and the brand mark (./phone-call-icon.tsx), which must not bring lucide-react in.
export function Svg({ className, children }: { className: string; children: React.ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      {children}
    </svg>
  );
}
