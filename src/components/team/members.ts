/** Team members from the content collection, as the plain props the TeamCard island takes. */
import { getImage } from 'astro:assets';
import { getCollection } from 'astro:content';
import type { TeamMember } from '../../islands/TeamCard.tsx';

/** Every team member in display order, photos resized to the card's 2× size as WebP. */
export async function teamMembers(): Promise<(TeamMember & { founder: boolean })[]> {
  const entries = (await getCollection('team')).sort((a, b) => a.data.order - b.data.order);
  return Promise.all(
    entries.map(async ({ data }) => {
      const photo = data.image && (await getImage({ src: data.image, width: 256, height: 256, format: 'webp' }));
      return {
        name: data.name,
        position: data.position,
        bio: data.bio,
        image: photo ? { src: photo.src, width: 256, height: 256 } : undefined,
        expertise: data.expertise,
        experience: data.experience,
        linkedin: data.linkedin,
        founder: data.founder,
      };
    }),
  );
}
