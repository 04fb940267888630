export function Logo({ name }: { name: string }) {
  return (
    <span className="logo">
      <svg viewBox="0 0 40 40" width="34" height="34" aria-hidden="true">
        <defs>
          <linearGradient id="logo-g" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#f59e0b" />
            <stop offset="1" stopColor="#8b5cf6" />
          </linearGradient>
        </defs>
        <rect width="40" height="40" rx="11" fill="url(#logo-g)" />
        <path d="M20 7 L31 31 H25.5 L20 18.5 L14.5 31 H9 Z" fill="#fff" />
        <circle cx="20" cy="27" r="2.6" fill="#fff" />
      </svg>
      <span className="logo-text">{name}</span>
    </span>
  );
}
