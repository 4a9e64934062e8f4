/** The bell of the shopper's notifications: on the bell itself and on the stock alert's button (a server placeholder too). */
import { Icon, type IconProps } from '../icons';

export const BellIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15Z" />
    <path d="M10 20.5a2 2 0 0 0 4 0" fill="none" />
  </Icon>
);
