import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';

/** The toast of a failed admin action: its title and the server's reason. */
export function failed(title: string) {
  return (error: unknown) =>
    toast({
      variant: 'destructive',
      title,
      description: errorMessage(error) ?? 'Please try again.',
    });
}
