import { useRouter } from '@tanstack/react-router';

import { AdminLoginForm } from '@/features/admin/components/admin-login-form';
import { ThemeToggle } from '@/features/theme/components/theme-toggle';
import { useDocumentHead } from '@/lib/use-document-head';

/** The hidden admin sign-in page (rendered wherever the server marked the document). */
export function AdminLoginScreen() {
  const router = useRouter();
  useDocumentHead({
    title: 'Sign In – SoleScore Admin',
    description: 'SoleScore staff sign-in.',
  });
  return (
    <AdminLoginForm
      themeToggle={<ThemeToggle />}
      onSignedIn={() => void router.navigate({ to: '/rtm-sys/posts' })}
    />
  );
}
