import { iconOrDefault, type IconName } from '@erp/contracts/shell';
import {
  ArrowLeftRight, Banknote, BarChart3, Book, Box, Building2, Calculator, CheckCheck,
  ClipboardList, Coins, CreditCard, Edit3, FileText, FolderOpen, Handshake, LineChart,
  Megaphone, Package, Phone, PieChart, Receipt, Scale, ShoppingCart, Truck, TrendingUp,
  Upload, UserCheck, UserPlus, Users, Wallet, Waves, type LucideIcon, type LucideProps,
} from 'lucide-react';

const ICONS: Record<IconName, LucideIcon> = {
  ShoppingCart, TrendingUp, Calculator, Package, Users, Handshake, BarChart3, Building2, Truck,
  FileText, CreditCard, Receipt, Banknote, Book, Edit3, Scale, Box, ArrowLeftRight, PieChart,
  UserCheck, Wallet, FolderOpen, UserPlus, Phone, Megaphone, ClipboardList, LineChart, Waves,
  Upload, CheckCheck, Coins,
};

/** A lucide icon by its SEED-SPEC §3 name; unknown names fall back to Package. Decorative. */
export function Icon({ name, ...props }: { name: string } & LucideProps) {
  const Component = ICONS[iconOrDefault(name)];
  return <Component aria-hidden="true" focusable="false" {...props} />;
}
