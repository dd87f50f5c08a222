import type { ButtonHTMLAttributes, Ref } from "react";

const VARIANTS = {
  primary: "bg-brand-700 text-white hover:bg-brand-900",
  secondary: "border border-brand-700 bg-white text-brand-700 hover:bg-brand-50",
  danger: "border border-red-700 bg-white text-red-800 hover:bg-red-50",
} as const;

export function Button({
  className = "",
  variant = "primary",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: keyof typeof VARIANTS; ref?: Ref<HTMLButtonElement> }) {
  return (
    <button
      className={`inline-flex items-center justify-center rounded-lg px-4 py-2 font-semibold disabled:cursor-not-allowed disabled:opacity-60 ${VARIANTS[variant]} ${className}`}
      {...props}
    />
  );
}
