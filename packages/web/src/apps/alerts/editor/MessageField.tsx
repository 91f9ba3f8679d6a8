/** The alert's message template, with a chip per placeholder that inserts it where the cursor is. */
import { MESSAGE_PLACEHOLDERS } from '@ferrite/contracts';
import { Badge, Group, Text, Textarea } from '@mantine/core';
import { useRef } from 'react';

interface MessageFieldProps {
  value: string;
  onChange: (message: string) => void;
  error?: string;
}

/** The textarea and its chips. */
export function MessageField({ value, onChange, error }: MessageFieldProps) {
  const area = useRef<HTMLTextAreaElement>(null);
  const insert = (placeholder: string) => {
    const token = `{{${placeholder}}}`;
    const element = area.current;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    onChange(value.slice(0, start) + token + value.slice(end));
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };
  return (
    <div>
      <Textarea
        ref={area}
        label="Message"
        description="What the notification says; placeholders are filled in when it fires."
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        error={error}
        autosize
        minRows={2}
      />
      <Group gap={4} mt={6} aria-label="Insert a placeholder">
        <Text size="xs" c="dimmed">
          Insert:
        </Text>
        {MESSAGE_PLACEHOLDERS.map((placeholder) => (
          <Badge
            key={placeholder}
            component="button"
            type="button"
            variant="light"
            color="gray"
            radius="sm"
            tt="none"
            style={{ cursor: 'pointer' }}
            onClick={() => insert(placeholder)}
          >
            {`{{${placeholder}}}`}
          </Badge>
        ))}
      </Group>
    </div>
  );
}
