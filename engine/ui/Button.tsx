import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';

/** How a button looks: the one thing to do, another choice, a destructive one, or a quiet link. */
export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'link';

const variantClass = (variant: ButtonVariant) => `eng-button eng-button--${variant}`;

/** A {@link Button}'s props: a native button's, with its look, and `pending` while its call runs. */
export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> {
  variant?: ButtonVariant;
  /** While true the button is disabled and says it is busy (no second click). */
  pending?: boolean;
  children: ReactNode;
}

/**
 * A button in the engine's look, for custom screens. `type` defaults to `button`, so a button inside a
 * form never submits it by accident; pass `type="submit"` for the one that does.
 *
 * @example
 * ```tsx
 * <Button variant="secondary" onClick={resend} pending={sending}>{t('verify.resend')}</Button>
 * ```
 */
export function Button({ variant = 'primary', pending = false, type = 'button', disabled, children, ...rest }: ButtonProps) {
  return (
    <button {...rest} type={type} className={variantClass(variant)} disabled={disabled || pending} aria-busy={pending || undefined}>
      {children}
    </button>
  );
}

/** A {@link ButtonLink}'s props: where it goes (an application path, or `external` for another site). */
export interface ButtonLinkProps {
  to: string;
  /** `to` is another site's address: a plain link, leaving the application. */
  external?: boolean;
  variant?: ButtonVariant;
  children: ReactNode;
}

/**
 * A link that looks like a button, for "continue at the provider" or "go to the next screen" where the
 * action is a navigation. Application paths go through the router; `external` ones leave the page.
 *
 * @example
 * ```tsx
 * <ButtonLink to={session.providerUrl} external>{t('verification.identity.continue')}</ButtonLink>
 * <ButtonLink to="/home" variant="secondary">{t('verification.identity.home')}</ButtonLink>
 * ```
 */
export function ButtonLink({ to, external = false, variant = 'primary', children }: ButtonLinkProps) {
  if (external) {
    return (
      <a className={variantClass(variant)} href={to}>
        {children}
      </a>
    );
  }
  return (
    <Link className={variantClass(variant)} to={to}>
      {children}
    </Link>
  );
}

/**
 * A row of buttons under a form or a question, spaced and wrapping as the engine's own.
 *
 * @example
 * ```tsx
 * <ButtonRow><Button type="submit">{t('save')}</Button><Button variant="secondary" onClick={cancel}>{t('cancel')}</Button></ButtonRow>
 * ```
 */
export function ButtonRow({ label, children }: { label?: string; children: ReactNode }) {
  return label ? (
    <div className="eng-actions" role="group" aria-label={label}>
      {children}
    </div>
  ) : (
    <div className="eng-actions">{children}</div>
  );
}
