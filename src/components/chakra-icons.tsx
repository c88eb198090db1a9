import { Icon, type IconProps } from '@chakra-ui/react';
import { GLYPHS, SVG_ATTRS } from './icons';

// The icons as Chakra components (sized and coloured by style props), for screens that load the
// style system anyway; the first view's parts use icons.tsx's plain `Glyph` with a class.

/** Decorative icons (hidden from assistive tech: the control around them carries the name). */
function SvgIcon({ children, ...props }: IconProps) {
  return (
    <Icon aria-hidden="true" focusable="false" {...props}>
      <svg aria-hidden="true" {...SVG_ATTRS}>
        {children}
      </svg>
    </Icon>
  );
}

export function PlusIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M12 5v14M5 12h14" />
    </SvgIcon>
  );
}

export function MinusIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M5 12h14" />
    </SvgIcon>
  );
}

export function CartIcon(props: IconProps) {
  return <SvgIcon {...props}>{GLYPHS.cart}</SvgIcon>;
}

export function UserIcon(props: IconProps) {
  return <SvgIcon {...props}>{GLYPHS.user}</SvgIcon>;
}

export function TicketIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M3 8a2 2 0 0 0 2-2h14a2 2 0 0 0 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 0-2 2H5a2 2 0 0 0-2-2v-2a2 2 0 0 0 0-4z" />
    </SvgIcon>
  );
}

export function ClockIcon(props: IconProps) {
  return <SvgIcon {...props}>{GLYPHS.clock}</SvgIcon>;
}

export function MapPinIcon(props: IconProps) {
  return <SvgIcon {...props}>{GLYPHS.pin}</SvgIcon>;
}

export function MailIcon(props: IconProps) {
  return <SvgIcon {...props}>{GLYPHS.mail}</SvgIcon>;
}

export function PhoneIcon(props: IconProps) {
  return <SvgIcon {...props}>{GLYPHS.phone}</SvgIcon>;
}

export function ChatIcon(props: IconProps) {
  return <SvgIcon {...props}>{GLYPHS.chat}</SvgIcon>;
}
