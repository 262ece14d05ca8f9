import { Button, Center, Stack, Text } from '@mantine/core';
import { libMessages } from '../../lib/messages';
import { clearStoredSignIn } from '../../lib/session';

export interface LoggedOutScreenProps {
  /** Default: clear the stored sign-in entries and reload (spec 000 §2.5). */
  onLogIn?: () => void;
}

function logInAgain(): void {
  clearStoredSignIn();
  window.location.reload();
}

/** Shown one second after authentication is lost (spec 000 §2.5, §4). */
export function LoggedOutScreen({ onLogIn = logInAgain }: LoggedOutScreenProps) {
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="md" maw={480}>
        <Text size="lg" ta="center" role="alert">
          {libMessages.loggedOut}
        </Text>
        <Button onClick={onLogIn}>{libMessages.logIn}</Button>
      </Stack>
    </Center>
  );
}
