import type { ComponentPropsWithRef } from 'react';
import { Link, type LinkProps } from '@dblearn/web/router';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'ghost';

function buttonClass(variant: ButtonVariant, extra?: string): string {
  return ['dbl-button', `dbl-button--${variant}`, extra].filter(Boolean).join(' ');
}

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
}

/** A real <button>; `type` defaults to "button" so it never submits a form by accident. */
export function Button({ variant = 'primary', type = 'button', className, ...props }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}

export interface LinkButtonProps extends LinkProps {
  variant?: ButtonVariant;
}

/** Navigation that looks like a button: still a link to assistive technology. */
export function LinkButton({ variant = 'primary', className, ...props }: LinkButtonProps) {
  return <Link className={buttonClass(variant, className)} {...props} />;
}
