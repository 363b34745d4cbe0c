import {
  Toast,
  ToastClose,
  ToastDescription,
  ToastProvider,
  ToastTitle,
  ToastViewport,
} from './toast';
import { useIsDialogOpen } from './open-dialogs';
import { useToast } from './use-toast';

/**
 * The toasts, shown while no modal dialog is open: one raised under an open dialog, or shown
 * when it opened, waits until it closes and then has its full time (see ./open-dialogs).
 */
export function Toaster() {
  const { toasts } = useToast();
  const dialogOpen = useIsDialogOpen();

  return (
    <ToastProvider>
      {(dialogOpen ? [] : toasts).map(({ id, title, description, action, ...props }) => (
        <Toast key={id} {...props}>
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport />
    </ToastProvider>
  );
}
