/**
 * Icons only server components draw (search box, footer, trust badges, contact cards): apart from icons.tsx, so they
 * never travel in the browser's JavaScript. `server-only` keeps a client component from importing them.
 */
import 'server-only';
import { Icon, type IconProps } from './icons';

export const SearchIcon = (props: IconProps) => (
  <Icon {...props} filled={false}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </Icon>
);

export const SealIcon = (props: IconProps) => (
  <Icon {...props} filled={false}>
    <path d="M12 3 14.2 5l3-.4.6 3 2.6 1.6-1.3 2.8 1.3 2.8-2.6 1.6-.6 3-3-.4L12 21l-2.2-2-3 .4-.6-3L3.6 14.8 4.9 12 3.6 9.2l2.6-1.6.6-3 3 .4Z" />
    <path d="m9 12 2 2 4-4" />
  </Icon>
);

export const LockIcon = (props: IconProps) => (
  <Icon {...props} filled={false}>
    <rect x="5" y="10" width="14" height="10" rx="2" />
    <path d="M8 10V7a4 4 0 0 1 8 0v3" />
  </Icon>
);

export const ReturnIcon = (props: IconProps) => (
  <Icon {...props} filled={false}>
    <path d="M9 14 4 9l5-5" />
    <path d="M4 9h10a6 6 0 0 1 0 12h-3" />
  </Icon>
);

export const HeadsetIcon = (props: IconProps) => (
  <Icon {...props} filled={false}>
    <path d="M4 14v-2a8 8 0 0 1 16 0v2" />
    <rect x="3" y="13" width="4" height="6" rx="1.5" />
    <rect x="17" y="13" width="4" height="6" rx="1.5" />
    <path d="M19 19a4 4 0 0 1-4 3h-2" />
  </Icon>
);

export const MapPinIcon = (props: IconProps) => (
  <Icon {...props} filled={false}>
    <path d="M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21Z" />
    <circle cx="12" cy="9.5" r="2.5" />
  </Icon>
);

export const PhoneIcon = (props: IconProps) => (
  <Icon {...props} filled={false}>
    <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a1 1 0 0 1-1 1A16 16 0 0 1 4 5a1 1 0 0 1 1-1Z" />
  </Icon>
);

export const MailIcon = (props: IconProps) => (
  <Icon {...props} filled={false}>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </Icon>
);

export const ChatIcon = (props: IconProps) => (
  <Icon {...props} filled={false}>
    <path d="M12 3C6.9 3 3 6.7 3 11.3c0 2.6 1.3 4.9 3.3 6.4V21l3-1.7c.9.3 1.8.4 2.7.4 5.1 0 9-3.7 9-8.3S17.1 3 12 3Z" />
    <path d="m7.5 13.5 3-3.2 2.2 2.2 3.8-3.5-3 3.3-2.2-2.2Z" fill="currentColor" />
  </Icon>
);

/** Brand marks: simple single-colour glyphs drawn for this shop. */
export const FacebookIcon = (props: IconProps) => (
  <Icon {...props} filled={false}>
    <path d="M14 8h2.5V4.5H14A4 4 0 0 0 10 8.5V11H7.5v3.5H10V21h3.5v-6.5H16l.5-3.5h-3V8.8A.8.8 0 0 1 14 8Z" />
  </Icon>
);

export const InstagramIcon = (props: IconProps) => (
  <Icon {...props} filled={false}>
    <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.2" cy="6.8" r="0.8" fill="currentColor" />
  </Icon>
);

export const TikTokIcon = (props: IconProps) => (
  <Icon {...props} filled={false}>
    <path d="M14 3v11.5a3.5 3.5 0 1 1-3.5-3.5" />
    <path d="M14 3c.4 2.8 2.2 4.6 5 5" />
  </Icon>
);
