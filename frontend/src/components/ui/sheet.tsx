import * as DialogPrimitive from '@radix-ui/react-dialog';
import { cva, type VariantProps } from 'class-variance-authority';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';

import { cn } from '@/lib/cn';

import { DialogOverlay, DialogPortal } from './dialog';
import { OpenDialogMark } from './open-dialogs';

/** A panel that slides in from a screen edge (a modal Radix Dialog: focus trapped, Esc closes). */
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetTitle = DialogPrimitive.Title;
export const SheetDescription = DialogPrimitive.Description;

const sheetVariants = cva(
  'fixed z-50 flex flex-col gap-4 overflow-y-auto bg-popover text-popover-foreground shadow-lg outline-none',
  {
    variants: {
      side: {
        left: 'inset-y-0 left-0 h-dvh w-72 max-w-[85vw] border-r data-[state=open]:animate-sheet-in-left',
        right:
          'inset-y-0 right-0 h-dvh w-72 max-w-[85vw] border-l data-[state=open]:animate-sheet-in-right',
      },
    },
    defaultVariants: { side: 'left' },
  },
);

export function SheetContent({
  className,
  children,
  side,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & VariantProps<typeof sheetVariants>) {
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content className={cn(sheetVariants({ side }), className)} {...props}>
        <OpenDialogMark />
        {children}
        <DialogPrimitive.Close className="absolute top-3 right-3 rounded-md p-2 text-muted-foreground hover:bg-accent hover:text-accent-foreground">
          <X className="size-5" aria-hidden="true" />
          <span className="sr-only">Close menu</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}
