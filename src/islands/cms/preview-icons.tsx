/** The icons content files name (src/lib/icons.ts), as React components: ui/Icon.astro's map for the CMS preview. */
import {
  Award,
  BarChart3,
  BookOpen,
  Bot,
  Briefcase,
  Building2,
  Calendar,
  CheckCircle2,
  ClipboardCheck,
  Compass,
  Database,
  FileText,
  FlaskConical,
  Globe,
  GraduationCap,
  Handshake,
  Layers,
  Lightbulb,
  LineChart,
  Mail,
  MapPin,
  Megaphone,
  MessageSquare,
  Mic,
  Monitor,
  Phone,
  Presentation,
  Rocket,
  Search,
  Send,
  ShieldCheck,
  Target,
  TrendingUp,
  User,
  Users,
  Video,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import type { IconName } from '../../lib/icons.ts';

const components: Record<IconName, LucideIcon> = {
  award: Award,
  'bar-chart': BarChart3,
  'book-open': BookOpen,
  bot: Bot,
  briefcase: Briefcase,
  building: Building2,
  calendar: Calendar,
  'check-circle': CheckCircle2,
  'clipboard-check': ClipboardCheck,
  compass: Compass,
  database: Database,
  'file-text': FileText,
  flask: FlaskConical,
  globe: Globe,
  'graduation-cap': GraduationCap,
  handshake: Handshake,
  layers: Layers,
  lightbulb: Lightbulb,
  'line-chart': LineChart,
  mail: Mail,
  'map-pin': MapPin,
  megaphone: Megaphone,
  'message-square': MessageSquare,
  mic: Mic,
  monitor: Monitor,
  phone: Phone,
  presentation: Presentation,
  rocket: Rocket,
  search: Search,
  send: Send,
  'shield-check': ShieldCheck,
  target: Target,
  'trending-up': TrendingUp,
  user: User,
  users: Users,
  video: Video,
  zap: Zap,
};

/** The icon of `name`, or nothing while the name is missing or not (yet) one of the site's icons. */
export function Icon({ name, className = 'size-6' }: { name: string; className?: string }) {
  const Component = Object.hasOwn(components, name) ? components[name as IconName] : undefined;
  return Component ? <Component className={className} aria-hidden="true" data-icon={name} /> : null;
}

/** ui/IconTile.astro: an icon on a light brand-coloured square tile. */
export function IconTile({ name, className }: { name: string; className?: string }) {
  if (!Object.hasOwn(components, name)) return null;
  return (
    <div
      className={[className, 'flex size-12 items-center justify-center rounded-lg bg-brand-100 text-brand-700']
        .filter(Boolean)
        .join(' ')}
    >
      <Icon name={name} />
    </div>
  );
}

export { CheckCircle2 };
