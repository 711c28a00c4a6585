import { Slot } from '@radix-ui/react-slot'
import type { ComponentProps } from 'react'
import { cx } from '../lib/cx.ts'

/** A bordered surface that groups related content. */
export function Card({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cx('hm-card', className)} {...props} />
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cx('hm-card__header', className)} {...props} />
}

export interface CardTitleProps extends ComponentProps<'h2'> {
  /** Render your own heading element (e.g. an `h3`) to keep the page's outline right. */
  asChild?: boolean
}

export function CardTitle({ className, asChild, ...props }: CardTitleProps) {
  const Comp = asChild ? Slot : 'h2'
  return <Comp className={cx('hm-card__title', className)} {...props} />
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return <p className={cx('hm-card__description', className)} {...props} />
}

export function CardContent({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cx('hm-card__content', className)} {...props} />
}

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cx('hm-card__footer', className)} {...props} />
}
