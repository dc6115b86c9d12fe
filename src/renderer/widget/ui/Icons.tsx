/** The few line icons of the widget (decorative: their meaning is always said in text too). */
const base = {
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.8,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export const LockIcon = () => (
  <svg {...base} aria-hidden="true">
    <rect x="4.5" y="10.5" width="15" height="10" rx="2" />
    <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
  </svg>
);
export const CheckIcon = () => (
  <svg {...base} aria-hidden="true">
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </svg>
);
export const AlertIcon = () => (
  <svg {...base} aria-hidden="true">
    <path d="M12 8v5" />
    <path d="M12 16.5v.01" />
    <circle cx="12" cy="12" r="9" />
  </svg>
);
export const BankIcon = () => (
  <svg {...base} aria-hidden="true">
    <path d="M3.5 9.5L12 4l8.5 5.5" />
    <path d="M5.5 10v7M10 10v7M14 10v7M18.5 10v7" />
    <path d="M3.5 20h17" />
  </svg>
);
export const KeyIcon = () => (
  <svg {...base} aria-hidden="true">
    <circle cx="8" cy="15" r="3.5" />
    <path d="M10.5 12.5L19 4M16 7l2.5 2.5M14 9l2 2" />
  </svg>
);
export const SearchIcon = () => (
  <svg {...base} width={18} height={18} aria-hidden="true">
    <circle cx="11" cy="11" r="6.5" />
    <path d="M16 16l4 4" />
  </svg>
);
export const ChevronIcon = () => (
  <svg {...base} width={18} height={18} aria-hidden="true">
    <path d="M9 6l6 6-6 6" />
  </svg>
);
