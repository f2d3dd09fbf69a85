// Inline SVG icons for the previews: no icon font or network request, and each is aria-hidden
// so the link or button around it carries the accessible name.
import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function Svg({ size = 24, children, ...rest }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" {...rest}>
      {children}
    </svg>
  );
}

export function FacebookIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v9h4v-9h3l.5-4h-3.5V8.9c0-.6.3-.9.9-.9z" />
    </Svg>
  );
}
export function InstagramIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M7.5 2h9A5.5 5.5 0 0 1 22 7.5v9a5.5 5.5 0 0 1-5.5 5.5h-9A5.5 5.5 0 0 1 2 16.5v-9A5.5 5.5 0 0 1 7.5 2zm0 2A3.5 3.5 0 0 0 4 7.5v9A3.5 3.5 0 0 0 7.5 20h9a3.5 3.5 0 0 0 3.5-3.5v-9A3.5 3.5 0 0 0 16.5 4h-9z" />
      <path d="M12 7a5 5 0 1 1 0 10 5 5 0 0 1 0-10zm0 2a3 3 0 1 0 0 6 3 3 0 0 0 0-6z" />
      <circle cx="17.5" cy="6.5" r="1.2" />
    </Svg>
  );
}
export function TwitterIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M22 5.9c-.7.3-1.5.5-2.3.6.8-.5 1.5-1.3 1.8-2.2-.8.5-1.7.8-2.6 1a4.1 4.1 0 0 0-7 3.7A11.6 11.6 0 0 1 3.4 4.7a4.1 4.1 0 0 0 1.3 5.5c-.7 0-1.3-.2-1.9-.5 0 2 1.4 3.7 3.3 4.1-.6.2-1.2.2-1.8.1.5 1.6 2 2.8 3.8 2.9A8.3 8.3 0 0 1 2 18.5 11.7 11.7 0 0 0 8.3 20.3c7.5 0 11.7-6.3 11.7-11.7v-.5c.8-.6 1.5-1.3 2-2.2z" />
    </Svg>
  );
}
export function GitHubIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M12 2a10 10 0 0 0-3.2 19.5c.5.1.7-.2.7-.5v-1.7c-2.8.6-3.4-1.3-3.4-1.3-.4-1.2-1.1-1.5-1.1-1.5-.9-.6.1-.6.1-.6 1 .1 1.5 1 1.5 1 .9 1.5 2.3 1.1 2.9.8.1-.6.3-1.1.6-1.3-2.2-.3-4.6-1.1-4.6-5 0-1.1.4-2 1-2.7-.1-.3-.4-1.3.1-2.7 0 0 .8-.3 2.8 1a9.6 9.6 0 0 1 5 0c1.9-1.3 2.8-1 2.8-1 .5 1.4.2 2.4.1 2.7.6.7 1 1.6 1 2.7 0 3.9-2.3 4.7-4.6 5 .4.3.7.9.7 1.9V21c0 .3.2.6.7.5A10 10 0 0 0 12 2z" />
    </Svg>
  );
}
export function LinkedInIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.5h4V21H3V9.5zm6.5 0h3.8v1.6h.1c.5-1 1.8-2 3.8-2 4 0 4.8 2.6 4.8 6V21h-4v-5.2c0-1.3 0-2.9-1.8-2.9s-2.1 1.4-2.1 2.8V21h-4V9.5z" />
    </Svg>
  );
}
export function YouTubeIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M21.6 7.2a2.8 2.8 0 0 0-2-2C17.9 4.8 12 4.8 12 4.8s-5.9 0-7.6.4a2.8 2.8 0 0 0-2 2A29 29 0 0 0 2 12a29 29 0 0 0 .4 4.8 2.8 2.8 0 0 0 2 2c1.7.4 7.6.4 7.6.4s5.9 0 7.6-.4a2.8 2.8 0 0 0 2-2A29 29 0 0 0 22 12a29 29 0 0 0-.4-4.8zM10 15.2V8.8l5.2 3.2-5.2 3.2z" />
    </Svg>
  );
}
export function DribbbleIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm6.4 4.7a8 8 0 0 1 1.6 4.6 18 18 0 0 0-5.1-.2l-.6-1.4a10 10 0 0 0 4.1-3zM12 4a8 8 0 0 1 5.1 1.8 8.6 8.6 0 0 1-3.8 2.7A37 37 0 0 0 10.6 4.1 8 8 0 0 1 12 4zM8.6 4.8a44 44 0 0 1 2.8 4.3A30 30 0 0 1 4.2 10a8 8 0 0 1 4.4-5.2zM4 12v-.1a31 31 0 0 0 8.3-1.1l.5 1.1a12.6 12.6 0 0 0-6.6 5.4A8 8 0 0 1 4 12zm8 8a8 8 0 0 1-4.4-1.3 10.7 10.7 0 0 1 6-4.9 33 33 0 0 1 1.7 5.6A8 8 0 0 1 12 20zm5.3-2a35 35 0 0 0-1.5-5.2 11.6 11.6 0 0 1 4 .3 8 8 0 0 1-2.5 4.9z" />
    </Svg>
  );
}
export function BehanceIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M8.2 11.3c.9-.4 1.4-1.1 1.4-2.1C9.6 7.1 8 6.5 6.2 6.5H2v11h4.4c2 0 3.9-.9 3.9-3.1 0-1.4-.7-2.5-2.1-3.1zM4.4 8.4h1.8c.7 0 1.3.2 1.3 1s-.5 1.1-1.2 1.1H4.4V8.4zm2 7.2h-2v-2.9h2c.9 0 1.5.4 1.5 1.4s-.7 1.5-1.5 1.5zM15 3h5v1.5h-5V3zm2.6 4.5c-2.7 0-4.4 1.8-4.4 4.4 0 2.7 1.6 4.4 4.4 4.4 2 0 3.3-.9 4-2.9h-2c-.3.7-1 1.1-1.9 1.1-1.3 0-2.1-.8-2.1-2.1h6.1c.1-2.8-1.4-4.9-4.1-4.9zm-2 3.4c.1-1.1.8-1.8 1.9-1.8 1.2 0 1.8.7 1.9 1.8h-3.8z" />
    </Svg>
  );
}
export function MastodonIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M21.3 8.2c0-4.3-2.8-5.6-2.8-5.6C17.1 2 14.6 1.7 12 1.7h-.1c-2.6 0-5.1.3-6.5.9 0 0-2.8 1.3-2.8 5.6 0 1 0 2.2.1 3.4.1 4.2.8 8.4 4.7 9.4 1.8.5 3.4.6 4.6.5 2.3-.1 3.5-.8 3.5-.8l-.1-1.6s-1.6.5-3.4.4c-1.8-.1-3.7-.2-4-2.4v-.6s1.8.4 4 .5c1.4.1 2.6-.1 3.9-.2 2.5-.3 4.6-1.8 4.9-3.2.4-2.2.4-5.4.4-5.4zM17.9 14h-2.1V8.9c0-1.1-.5-1.6-1.3-1.6-1 0-1.5.6-1.5 1.9v2.8h-2.1V9.2c0-1.3-.5-1.9-1.5-1.9-.9 0-1.3.5-1.3 1.6V14H6V8.7c0-1.1.3-1.9.8-2.6.6-.6 1.3-.9 2.2-.9 1.1 0 1.9.4 2.4 1.2l.5.9.5-.9c.5-.8 1.3-1.2 2.4-1.2.9 0 1.6.3 2.2.9.6.6.8 1.5.8 2.6V14z" />
    </Svg>
  );
}
export function LinkIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M10.6 13.4a1 1 0 0 1 0-1.4l3.5-3.5a1 1 0 1 1 1.4 1.4L12 13.4a1 1 0 0 1-1.4 0zM8.5 20.5a4.9 4.9 0 0 1-3.5-8.4l2.1-2.1a1 1 0 0 1 1.4 1.4l-2.1 2.1a2.9 2.9 0 0 0 4.1 4.1l2.1-2.1a1 1 0 0 1 1.4 1.4L11.9 19a4.9 4.9 0 0 1-3.4 1.5zm8.4-6.8a1 1 0 0 1-.7-1.7l2.1-2.1a2.9 2.9 0 0 0-4.1-4.1l-2.1 2.1a1 1 0 0 1-1.4-1.4l2.1-2.1a4.9 4.9 0 0 1 6.9 6.9l-2.1 2.1a1 1 0 0 1-.7.3z" />
    </Svg>
  );
}
export function SunIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <circle cx="12" cy="12" r="4.5" />
      <path
        d="M12 1.5v3M12 19.5v3M1.5 12h3M19.5 12h3M4.6 4.6l2.1 2.1M17.3 17.3l2.1 2.1M4.6 19.4l2.1-2.1M17.3 6.7l2.1-2.1"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        fill="none"
      />
    </Svg>
  );
}
export function MoonIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M20.5 14.6A8.5 8.5 0 0 1 9.4 3.5a8.5 8.5 0 1 0 11.1 11.1z" />
    </Svg>
  );
}
export function MenuIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M3 6h18v2H3zM3 11h18v2H3zM3 16h18v2H3z" />
    </Svg>
  );
}
export function CloseIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M6.4 5 12 10.6 17.6 5 19 6.4 13.4 12l5.6 5.6-1.4 1.4-5.6-5.6L6.4 19 5 17.6 10.6 12 5 6.4z" />
    </Svg>
  );
}
export function PhoneIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 0 1 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1l-2.3 2.2z" />
    </Svg>
  );
}
export function MailIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zm1 2.4V17h16V7.4l-8 5.3-8-5.3zM5.2 7 12 11.5 18.8 7H5.2z" />
    </Svg>
  );
}
export function StorefrontIcon(props: IconProps) {
  return (
    <Svg {...props}>
      <path d="M4 3h16l2 6a3 3 0 0 1-2 2.8V21H4v-9.2A3 3 0 0 1 2 9l2-6zm2 9v7h4v-5h4v5h4v-7a3 3 0 0 1-2-1.2 3 3 0 0 1-4 0 3 3 0 0 1-4 0A3 3 0 0 1 6 12zm-1.5-7L3.9 9a1 1 0 0 0 2 .2L6.4 5H4.5zm4 0-.5 4a1.8 1.8 0 0 0 3.5 0V5h-3zm5 0v4a1.8 1.8 0 0 0 3.5 0l-.5-4h-3zm5 0 .5 4.2a1 1 0 0 0 2-.2l-.6-4h-1.9z" />
    </Svg>
  );
}
