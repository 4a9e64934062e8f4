/**
 * Inline SVG icons (no icon font, no extra requests). Decorative by default (`aria-hidden`): the control that holds
 * an icon carries the accessible name. `filled` draws the solid variant used for the current page. Icons that only
 * server components draw are in server-icons.tsx: a client component that imports this module ships all of it.
 */
import type { ReactNode, SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement> & { filled?: boolean; size?: number };

export function Icon({ filled = false, size = 24, children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={1.6}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const UserIcon = (props: IconProps) => (
  <Icon {...props}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0Z" />
  </Icon>
);

export const BagIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M5 8h14l-1.2 12.1a1 1 0 0 1-1 .9H7.2a1 1 0 0 1-1-.9Z" />
    <path d="M9 8V6a3 3 0 0 1 6 0v2" fill="none" />
  </Icon>
);

export const HeartIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.3a4.3 4.3 0 0 1 7.5 2.5C19.5 15.4 12 20 12 20Z" />
  </Icon>
);

export const HomeIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 10.5 12 4l8 6.5V20a1 1 0 0 1-1 1h-4.5v-6h-5v6H5a1 1 0 0 1-1-1Z" />
  </Icon>
);

export const GlobeIcon = (props: IconProps) => (
  <Icon {...props} filled={false}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3Z" />
  </Icon>
);

export const MenuIcon = (props: IconProps) => (
  <Icon {...props} filled={false}>
    <path d="M4 7h16M4 12h16M4 17h16" />
  </Icon>
);

export const CloseIcon = (props: IconProps) => (
  <Icon {...props} filled={false}>
    <path d="m6 6 12 12M18 6 6 18" />
  </Icon>
);

/** Points to the end of the line (right in English); callers mirror it in Arabic with `rtl:-scale-x-100`. */
export const ChevronEndIcon = (props: IconProps) => (
  <Icon {...props} filled={false}>
    <path d="m9 5 7 7-7 7" />
  </Icon>
);

export const ChevronStartIcon = (props: IconProps) => (
  <Icon {...props} filled={false}>
    <path d="m15 5-7 7 7 7" />
  </Icon>
);

export const PlusIcon = (props: IconProps) => (
  <Icon {...props} filled={false}>
    <path d="M12 5v14M5 12h14" />
  </Icon>
);

export const MinusIcon = (props: IconProps) => (
  <Icon {...props} filled={false}>
    <path d="M5 12h14" />
  </Icon>
);

export const TrashIcon = (props: IconProps) => (
  <Icon {...props} filled={false}>
    <path d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13" />
  </Icon>
);

export const TruckIcon = (props: IconProps) => (
  <Icon {...props} filled={false}>
    <path d="M3 6h11v10H3zM14 10h4l3 3v3h-7" />
    <circle cx="7" cy="18" r="1.8" />
    <circle cx="17" cy="18" r="1.8" />
  </Icon>
);
