/** Payment method marks for the footer, drawn as small inline SVG cards (labelled by the caller). */
const CARD = { width: 52, height: 34, viewBox: '0 0 52 34' } as const;

export function VisaMark({ label }: { label: string }) {
  return (
    <svg {...CARD} role="img" aria-label={label}>
      <rect width="52" height="34" rx="5" fill="#f8f6f1" />
      <text
        x="26"
        y="22.5"
        textAnchor="middle"
        fontFamily="Arial, sans-serif"
        fontSize="15"
        fontStyle="italic"
        fontWeight="800"
        fill="#1a1f71"
        letterSpacing="0.5"
      >
        VISA
      </text>
    </svg>
  );
}

export function MastercardMark({ label }: { label: string }) {
  return (
    <svg {...CARD} role="img" aria-label={label}>
      <rect width="52" height="34" rx="5" fill="#f8f6f1" />
      <circle cx="21" cy="17" r="9" fill="#eb001b" />
      <circle cx="31" cy="17" r="9" fill="#f79e1b" />
      <path d="M26 9.5a9 9 0 0 1 0 15 9 9 0 0 1 0-15Z" fill="#ff5f00" />
    </svg>
  );
}

/** A generic secure online-payment gateway: a card behind a shield. */
export function GatewayMark({ label }: { label: string }) {
  return (
    <svg {...CARD} role="img" aria-label={label}>
      <rect width="52" height="34" rx="5" fill="#f8f6f1" />
      <rect x="9" y="9" width="22" height="15" rx="2.5" fill="#0f4c5c" />
      <rect x="9" y="12.5" width="22" height="3" fill="#d9b66f" />
      <path d="M36 8.5 43 11v5.2c0 4.3-3 7.4-7 8.8-4-1.4-7-4.5-7-8.8V11Z" fill="#1f7a54" stroke="#f8f6f1" strokeWidth="1.2" />
      <path d="m33 16.5 2.2 2.2 4-4" fill="none" stroke="#fff" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
