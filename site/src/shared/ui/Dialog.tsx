import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  /** Called with false whenever the dialog closes: Escape, a backdrop click or `open` turning false. */
  onOpenChange: (open: boolean) => void;
  /** id of the element that names the dialog (usually its heading). */
  labelledBy: string;
  describedBy?: string;
  className?: string;
  children: ReactNode;
}

/**
 * An accessible modal on the native `<dialog>`: `showModal()` gives the focus trap, the inert
 * page behind and Escape; focus returns to whatever opened it.
 */
export function Dialog({ open, onOpenChange, labelledBy, describedBy, className, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  const handleClose = () => {
    onOpenChange(false);
    returnFocusTo.current?.focus();
    returnFocusTo.current = null;
  };

  // A click on the backdrop lands on the <dialog> itself (its content sits in an inner box).
  const handleClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) event.currentTarget.close();
  };

  return (
    <dialog
      ref={ref}
      className={className}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onClose={handleClose}
      onClick={handleClick}
    >
      {children}
    </dialog>
  );
}
